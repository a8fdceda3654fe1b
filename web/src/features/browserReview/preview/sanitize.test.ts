import { sanitizeHtml, withoutEventHandlers } from './sanitize';

/** Every element and attribute name left, for assertions independent of serialisation details. */
function parse(html: string) {
  const body = new DOMParser().parseFromString(`<body>${html}`, 'text/html').body;
  const elements = Array.from(body.querySelectorAll('*'));
  return {
    body,
    tags: elements.map((element) => element.localName),
    attributes: elements.flatMap((element) => element.getAttributeNames()),
  };
}

describe('sanitizeHtml', () => {
  it('keeps text formatting, headings, lists and tables', () => {
    const html = '<h2>Hi</h2><p>A <strong>b</strong> <em>c</em></p><ul><li>x</li></ul><table><tr><td colspan="2">t</td></tr></table>';
    const { tags, body } = parse(sanitizeHtml(html));
    expect(tags).toEqual(['h2', 'p', 'strong', 'em', 'ul', 'li', 'table', 'tbody', 'tr', 'td']);
    expect(body.textContent).toBe('HiA b cxt');
  });

  it('drops scripts, frames, objects, links, meta refresh and base with their content', () => {
    const html =
      '<p>ok</p><script>document.title="pwned"</script><iframe src="https://x.test"></iframe><object data="x"></object>' +
      '<embed src="x"><link rel="stylesheet" href="https://x.test/a.css"><meta http-equiv="refresh" content="0;url=https://x.test">' +
      '<base href="https://x.test/"><style>@import url(https://x.test/s.css)</style><noscript><p>n</p></noscript><form action="/x"><input></form>';
    const result = sanitizeHtml(html);
    expect(parse(result).tags).toEqual(['p']);
    expect(result).not.toMatch(/pwned|x\.test/);
  });

  it('removes event handlers, javascript: URLs and every attribute that loads or navigates', () => {
    const html =
      '<a href="javascript:alert(1)" onclick="alert(2)" target="_blank">link</a>' +
      '<div onmouseover="x()" style="background:url(https://x.test/a.png)" id="i" title="keep">d</div>' +
      '<p style="color: red" data-x="1" formaction="javascript:x">p</p><svg onload="x()"><a xlink:href="javascript:x">s</a></svg>';
    const result = sanitizeHtml(html);
    const { attributes } = parse(result);
    expect(attributes.sort()).toEqual(['class', 'style', 'title']);
    expect(result).not.toMatch(/javascript|alert|x\.test|onload|onclick/);
    expect(result).toContain('style="color: red"');
  });

  it('replaces images and media by labelled placeholders that load nothing', () => {
    const html =
      '<img src="https://x.test/a.png" srcset="https://x.test/b.png 2x" alt="A cat" width="300" height="200">' +
      '<picture><source srcset="https://x.test/c.webp"><img src="https://x.test/c.png"></picture><video src="https://x.test/v.mp4" poster="https://x.test/p.png"></video>';
    const result = sanitizeHtml(html);
    expect(result).not.toContain('x.test');
    const { body } = parse(result);
    const boxes = Array.from(body.querySelectorAll('.wm-media'), (box) => box.textContent);
    expect(boxes).toEqual(['A cat', 'Image', 'Media']);
    expect(body.querySelector('.wm-media')?.getAttribute('style')).toBe('width:300px;height:200px');
  });

  it('unwraps unknown elements and keeps their text; drops comments', () => {
    const result = sanitizeHtml('<my-widget data-src="https://x.test">Inner <b>bold</b></my-widget><!-- secret -->');
    expect(result).toBe('Inner <b>bold</b>');
  });

  it('leaves WordPress shortcodes and entities as text', () => {
    expect(sanitizeHtml('[gallery id="1"] &amp; &lt;b&gt;')).toBe('[gallery id="1"] &amp; &lt;b&gt;');
  });
});

describe('withoutEventHandlers', () => {
  it.each([
    ['<p onclick="x()">a</p>', '<p>a</p>'],
    ['<img src="x" onerror=alert(1) alt=\'a > b\'>', '<img src="x" alt=\'a > b\'>'],
    ['<img/onerror=x src=y>', '<img src=y>'],
    ['<svg ONLOAD = "x" ><a title="on top" href=#>t</a></svg>', '<svg ><a title="on top" href=#>t</a></svg>'],
    ['<a href="#"onmouseover="x">t</a>', '<a href="#">t</a>'],
    ['1 < 2 and <b>bold</b> <!-- <i onclick=x> -->', '1 < 2 and <b>bold</b> <!-- <i> -->'],
    ['<p title="a">unclosed <img onerror="x', '<p title="a">unclosed <img'],
  ])('%s → %s', (html, expected) => {
    expect(withoutEventHandlers(html)).toBe(expected);
  });
});
