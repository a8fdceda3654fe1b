// The preview frame's document: the page rebuilt from its segments in order, each wrapped in an
// element carrying its id so that the list and the preview can point at each other. WPML sends a
// page as units: the post title, the body (HTML), custom fields and page-builder strings (short
// titles and texts). A title is shown as a heading, HTML content as HTML, plain text as a
// paragraph; what only search engines and the address bar show (SEO fields, the slug) sits in a
// "Search & meta" panel above the page, each under its label, not inside the body. The document
// starts with a CSP that forbids everything but inline styles.
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
body > * { content-visibility: auto; contain-intrinsic-size: auto 1.6em; }
.wm-seg { border-radius: 4px; outline: 2px solid transparent; outline-offset: 2px; cursor: pointer; }
.wm-seg:hover { outline-color: #b6c8e6; }
.wm-active { outline-color: #1c64d1; background: #fff6c9; }
.wm-fixed { color: #57606a; }
.wm-meta { margin: 0 0 24px; padding: 12px 16px; border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; }
.wm-meta h2 { margin: 0 0 8px; font-size: 14px; text-transform: uppercase; letter-spacing: .04em; color: #57606a; }
.wm-meta dt { font-size: 13px; color: #57606a; margin-top: 8px; } .wm-meta dd { margin: 2px 0 0; }
.wm-media { display: inline-block; min-width: 80px; min-height: 48px; max-width: 100%; box-sizing: border-box;
  padding: 8px; background: #eaeef2; border: 1px dashed #8c959f; color: #57606a; font-size: 13px; overflow: hidden; }
`;

/** Block-level HTML in a segment: it is laid out as HTML, not inside a paragraph or heading. */
const BLOCK = /<(?:p|div|h[1-6]|ul|ol|li|table|blockquote|figure|section|article|pre|hr|dl)\b/i;
/** The post's own title; other title-like fields (a builder's section titles) are subheadings. */
const POST_TITLE = /^title$/i;
const TITLE_LIKE = /title|titolo|titel|titre|título|\bh[1-3]\b/i;

export type PreviewSegment = Pick<ReviewSegment, 'id' | 'resname' | 'translatable' | 'markup'> & Partial<Pick<ReviewSegment, 'field'>>;

/** The element a segment is shown in. */
export function blockOf(segment: PreviewSegment, text: string): 'h1' | 'h2' | 'div' | 'p' {
  if (segment.markup === 'html' && BLOCK.test(text)) return 'div';
  const name = segment.resname ?? '';
  if (segment.field?.kind === 'title' || POST_TITLE.test(name)) return 'h1';
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

/**
 * The whole preview document for `segments` in order, each showing `textOf(segment)`. A
 * translatable segment for which `built` says no gets its element, empty, for the caller to fill
 * later (its markup is what costs: thousands of segments take a fifth of a second to sanitise).
 */
export function previewDocument<S extends PreviewSegment>(
  segments: readonly S[],
  textOf: (segment: S) => string,
  built: (segment: S) => boolean = () => true,
): string {
  const marker = (segment: S) => (segment.translatable ? ` class="wm-seg" ${SEGMENT_ATTRIBUTE}="${segment.id}"` : ' class="wm-fixed"');
  const markup = (segment: S, text: string) => (!segment.translatable || built(segment) ? segmentMarkup(segment, text) : '');
  const meta = segments.filter(isSearchMeta);
  const page = segments.filter((segment) => !isSearchMeta(segment));
  const parts = page.map((segment) => {
    const text = textOf(segment);
    const tag = blockOf(segment, text);
    return `<${tag}${marker(segment)}>${markup(segment, text)}</${tag}>`;
  });
  const panel =
    meta.length === 0
      ? ''
      : `<aside class="wm-meta" aria-label="Search &amp; meta"><h2>Search &amp; meta</h2><dl>${meta
          .map(
            (segment) =>
              `<dt>${escapeText(segment.field?.label ?? '')}</dt><dd${marker(segment)}>${markup(segment, textOf(segment))}</dd>`,
          )
          .join('')}</dl></aside>`;
  return (
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
    `<meta charset="utf-8"><style>${STYLE}</style></head><body>${panel}${parts.join('\n')}</body></html>`
  );
}

/** Kinds a page does not show in its body: what search engines and the address bar show. */
const SEARCH_META = new Set(['slug', 'seo_title', 'seo_description', 'seo_meta']);

export const isSearchMeta = (segment: PreviewSegment) => segment.field !== undefined && SEARCH_META.has(segment.field.kind);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
