import { decodeReferences, segmentShortcodes, tagLabel, tokenize } from './markup';

describe('tokenize', () => {
  it('splits HTML tags, comments and shortcodes from text', () => {
    const tokens = tokenize('Hi <a href="/x">there</a><br/> <!-- c --> [gallery id="1"] & <b>', null);
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['text', 'Hi '],
      ['tag', '<a href="/x">'],
      ['text', 'there'],
      ['tag', '</a>'],
      ['tag', '<br/>'],
      ['text', ' '],
      ['tag', '<!-- c -->'],
      ['text', ' '],
      ['shortcode', '[gallery id="1"]'],
      ['text', ' & '],
      ['tag', '<b>'],
    ]);
  });

  it('treats XLIFF inline elements as tags and leaves lone angle brackets as text', () => {
    const tokens = tokenize('1 < 2 <g id="1">bold</g><x id="2"/> <ph id="3">{0}</ph>', null);
    const labels = tokens.flatMap((t) => (t.kind === 'tag' ? [tagLabel(t)] : []));
    expect(labels).toEqual([
      '<g>',
      '</g>',
      '<x/>',
      '<ph>',
      '</ph>',
    ]);
    expect(tokens[0]).toEqual({ kind: 'text', text: '1 < 2 ' });
  });

  const text = '[Hinweis] Read [caption id="c1"]this[/caption] [CS]<b>[/CS] [Gallery /] [gallery /]';
  const shortcodes = (shortcodes: readonly string[] | null) =>
    tokenize(text, shortcodes).flatMap((t) => (t.kind === 'shortcode' ? [t.text] : []));

  it('takes only listed names as shortcodes, matched as registered', () => {
    expect(shortcodes(['caption', 'gallery'])).toEqual(['[caption id="c1"]', '[/caption]', '[gallery /]']);
  });

  it('keeps unlisted names in the text, and markup inside their brackets as markup', () => {
    expect(tokenize('Siehe [Hinweis] hier', ['gallery'])).toEqual([{ kind: 'text', text: 'Siehe [Hinweis] hier' }]);
    expect(tokenize('[CS <b>x</b>]', []).map((t) => [t.kind, t.text])).toEqual([
      ['text', '[CS '],
      ['tag', '<b>'],
      ['text', 'x'],
      ['tag', '</b>'],
      ['text', ']'],
    ]);
  });

  it('takes any name as a shortcode without a list', () => {
    expect(shortcodes(null)).toEqual([
      '[Hinweis]',
      '[caption id="c1"]',
      '[/caption]',
      '[CS]',
      '[/CS]',
      '[Gallery /]',
      '[gallery /]',
    ]);
  });
});

describe('segmentShortcodes', () => {
  it("is the job's list for HTML content and none for XLIFF inline markup", () => {
    expect(segmentShortcodes('html', ['gallery'])).toEqual(['gallery']);
    expect(segmentShortcodes('html', null)).toBeNull();
    expect(segmentShortcodes('html', undefined)).toBeNull();
    expect(segmentShortcodes('xliff', null)).toEqual([]);
  });
});

describe('decodeReferences', () => {
  it('reads named, decimal and hexadecimal references as their characters and leaves the others', () => {
    expect(decodeReferences('Fish &amp; chips&nbsp;&#8211; &#x1F41F; &eacute;t&eacute;')).toBe('Fish & chips\u00a0– 🐟 été');
    expect(decodeReferences('&lt;b&gt; stays text')).toBe('<b> stays text');
    expect(decodeReferences('&nosuch; &#0; &#x110000; & alone')).toBe('&nosuch; &#0; &#x110000; & alone');
  });
});
