// The preview frame's document: the page rebuilt from its segments in order, each wrapped in an
// element carrying its id so that the list and the preview can point at each other. WPML sends a
// page as units: the post title, the body (HTML), custom fields and page-builder strings (short
// titles and texts). A title is shown as a heading, HTML content as HTML, plain text as a
// paragraph. The document starts with a CSP that forbids everything but inline styles.
import { tokenize } from '../../../components/markup';
import type { ReviewSegment } from '../../../api/review';
import { sanitizeHtml } from './sanitize';

/** First in the document: nothing may load or run, only the inline style below applies. */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The attribute naming a segment's element in the preview. */
export const SEGMENT_ATTRIBUTE = 'data-seg';
export const ACTIVE_CLASS = 'wm-active';

const STYLE = `
body { font: 16px/1.55 system-ui, sans-serif; color: #1f2328; margin: 0; padding: 16px 20px 40vh; max-width: 860px; }
h1 { font-size: 1.8em; line-height: 1.25; }
table { border-collapse: collapse; } td, th { border: 1px solid #d0d7de; padding: 4px 8px; }
.wm-seg { border-radius: 4px; outline: 2px solid transparent; outline-offset: 2px; cursor: pointer; }
.wm-seg:hover { outline-color: #b6c8e6; }
.wm-active { outline-color: #1c64d1; background: #fff6c9; }
.wm-fixed { color: #57606a; }
.wm-media { display: inline-block; min-width: 80px; min-height: 48px; max-width: 100%; box-sizing: border-box;
  padding: 8px; background: #eaeef2; border: 1px dashed #8c959f; color: #57606a; font-size: 13px; overflow: hidden; }
`;

/** Block-level HTML in a segment: it is laid out as HTML, not inside a paragraph or heading. */
const BLOCK = /<(?:p|div|h[1-6]|ul|ol|li|table|blockquote|figure|section|article|pre|hr|dl)\b/i;
/** The post's own title; other title-like fields (a builder's section titles) are subheadings. */
const POST_TITLE = /^title$/i;
const TITLE_LIKE = /title|titolo|titel|titre|título|\bh[1-3]\b/i;

export type PreviewSegment = Pick<ReviewSegment, 'id' | 'resname' | 'translatable' | 'markup'>;

/** The element a segment is shown in. */
export function blockOf(segment: PreviewSegment, text: string): 'h1' | 'h2' | 'div' | 'p' {
  if (segment.markup === 'html' && BLOCK.test(text)) return 'div';
  const name = segment.resname ?? '';
  if (POST_TITLE.test(name)) return 'h1';
  if (TITLE_LIKE.test(name)) return 'h2';
  return segment.markup === 'html' ? 'div' : 'p';
}

/** A segment's text as preview markup: HTML sanitised; other tools' inline XML dropped to its text. */
export function segmentMarkup(segment: PreviewSegment, text: string): string {
  if (segment.markup === 'html') return sanitizeHtml(text);
  return tokenize(text, [])
    .map((token) => (token.kind === 'text' ? escapeText(token.text) : ''))
    .join('');
}

/** The whole preview document for `segments` in order, each showing `textOf(segment)`. */
export function previewDocument<S extends PreviewSegment>(segments: readonly S[], textOf: (segment: S) => string): string {
  const parts = segments.map((segment) => {
    const text = textOf(segment);
    const tag = blockOf(segment, text);
    const marker = segment.translatable ? ` class="wm-seg" ${SEGMENT_ATTRIBUTE}="${segment.id}"` : ' class="wm-fixed"';
    return `<${tag}${marker}>${segmentMarkup(segment, text)}</${tag}>`;
  });
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
    `<meta charset="utf-8"><style>${STYLE}</style></head><body>${parts.join('\n')}</body></html>`
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
