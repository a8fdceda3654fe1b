// Makes a segment's HTML (WPML's CDATA content: whatever the site's editors wrote) safe to show in
// the preview frame. The frame already runs no script and its CSP blocks every request; this is
// the second wall: the browser's own parser reads the markup (never a regular expression), and
// only an allow-list of elements and attributes survives. Images and media become placeholders,
// links lose their targets, and everything that could load, run or navigate is dropped.

/** Elements kept as they are (their attributes filtered). */
const KEPT = new Set([
  'a', 'abbr', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'caption', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p',
  'pre', 'q', 's', 'samp', 'section', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'wbr',
]);

/** Media: shown as a labelled placeholder box, never loaded. */
const MEDIA = new Set(['img', 'picture', 'video', 'audio', 'svg', 'canvas', 'math']);

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'link', 'meta', 'base',
  'noscript', 'template', 'source', 'track', 'param', 'form', 'input', 'button', 'select', 'textarea',
  'option', 'dialog', 'portal', 'head', 'title',
]);

/** Attributes kept on kept elements: none can load, run or navigate anything. */
const ATTRIBUTES = new Set(['title', 'alt', 'lang', 'dir', 'colspan', 'rowspan', 'scope', 'align', 'width', 'height', 'style', 'class']);

/** A style that could fetch something (the CSP blocks it too) or is an old IE script hook. */
const UNSAFE_STYLE = /url\s*\(|@import|expression\s*\(|image-set|behavior/i;

/**
 * `html` with only allow-listed elements and attributes, as markup for the preview document.
 * Unknown elements (a theme's custom tags) keep their text; dropped ones lose it too.
 */
export function sanitizeHtml(html: string): string {
  // A <template>'s content is inert: its images do not even fire error events. Its parser still
  // checks every inline event handler it creates against the page's CSP (and logs a violation),
  // so the handlers are taken out before the browser parses anything.
  const template = inertDocument().createElement('template');
  template.innerHTML = withoutEventHandlers(html);
  clean(template.content);
  const holder = template.content.ownerDocument.createElement('div');
  holder.append(template.content);
  return holder.innerHTML;
}

let inert: Document | null = null;

/** A document of the browser's DOMParser: no browsing context, nothing in it runs or loads. */
function inertDocument(): Document {
  inert ??= new DOMParser().parseFromString('<!doctype html><title></title>', 'text/html');
  return inert;
}

function clean(parent: ParentNode) {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (!(node instanceof Element)) continue;
    const name = node.localName.toLowerCase();
    const foreign = node.namespaceURI !== 'http://www.w3.org/1999/xhtml' && !MEDIA.has(name);
    if (DROPPED.has(name) || foreign) {
      node.remove();
    } else if (MEDIA.has(name)) {
      node.replaceWith(placeholder(node, name));
    } else if (KEPT.has(name)) {
      keepSafeAttributes(node);
      clean(node);
    } else {
      // Unwrap: the element goes, its (cleaned) content stays.
      clean(node);
      node.replaceWith(...Array.from(node.childNodes));
    }
  }
}

function keepSafeAttributes(element: Element) {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    const unsafe = !ATTRIBUTES.has(name) || (name === 'style' && UNSAFE_STYLE.test(attribute.value));
    if (unsafe) element.removeAttribute(attribute.name);
  }
}

/** A grey box with the image's description, sized like the image when it says its size. */
function placeholder(media: Element, name: string): Element {
  const box = media.ownerDocument.createElement('span');
  box.className = 'wm-media';
  const alt = media.getAttribute('alt') ?? media.getAttribute('title') ?? '';
  box.textContent = alt.trim() === '' ? (name === 'img' || name === 'picture' ? 'Image' : 'Media') : alt;
  const width = Number(media.getAttribute('width'));
  const height = Number(media.getAttribute('height'));
  const size: string[] = [];
  if (Number.isFinite(width) && width > 0) size.push(`width:${Math.min(width, 2000)}px`);
  if (Number.isFinite(height) && height > 0) size.push(`height:${Math.min(height, 2000)}px`);
  if (size.length > 0) box.setAttribute('style', size.join(';'));
  return box;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/**
 * `html` without the `on…` attributes of its tags, read as the browser's HTML tokenizer reads a
 * start tag: a name after `<` and a letter, then attributes whose names end at a space, `/`, `>`
 * or `=`, with quoted or unquoted values. It only ever removes: wherever it takes something for a
 * tag that the browser would not (inside a comment or a script), the loss is text that is
 * dropped by the allow-list anyway.
 */
export function withoutEventHandlers(html: string): string {
  let out = '';
  let at = 0;
  for (let lt = html.indexOf('<'); lt !== -1 && lt + 1 < html.length; lt = html.indexOf('<', at)) {
    if (!isAlpha(html.charAt(lt + 1))) {
      out += html.slice(at, lt + 1);
      at = lt + 1;
      continue;
    }
    out += html.slice(at, lt);
    let i = lt + 1;
    while (i < html.length && !isSpace(html.charAt(i)) && html.charAt(i) !== '/' && html.charAt(i) !== '>') i += 1;
    out += html.slice(lt, i);
    // Attributes until the tag's `>` (or the end of the text).
    while (i < html.length && html.charAt(i) !== '>') {
      const start = i;
      while (i < html.length && (isSpace(html.charAt(i)) || html.charAt(i) === '/')) i += 1;
      if (i >= html.length || html.charAt(i) === '>') {
        out += html.slice(start, i);
        break;
      }
      const nameStart = i;
      // The first character may be `=`; after it, a name ends at a space, `/`, `>` or `=`.
      i += 1;
      while (i < html.length && !isSpace(html.charAt(i)) && !'/>='.includes(html.charAt(i))) i += 1;
      const name = html.slice(nameStart, i);
      let j = i;
      while (j < html.length && isSpace(html.charAt(j))) j += 1;
      if (html.charAt(j) === '=') {
        j += 1;
        while (j < html.length && isSpace(html.charAt(j))) j += 1;
        const quote = html.charAt(j);
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, j + 1);
          j = close === -1 ? html.length : close + 1;
        } else {
          while (j < html.length && !isSpace(html.charAt(j)) && html.charAt(j) !== '>') j += 1;
        }
        i = j;
      }
      if (!name.toLowerCase().startsWith('on')) out += html.slice(start, i);
    }
    if (i < html.length) out += '>';
    at = i + 1;
  }
  return at < html.length ? out + html.slice(at) : out;
}
