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
  // A <template>'s content is inert: its images do not even fire error events (an element parsed
  // straight into a DOMParser document does, and its inline handler reaches the page's CSP).
  const template = inertDocument().createElement('template');
  template.innerHTML = html;
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
