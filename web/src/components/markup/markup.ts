// Splits segment text into plain text and inline markup, so that tags can be shown as tags (never
// interpreted as HTML). WPML's CDATA content carries HTML tags; other XLIFF tools' inline elements
// (g, x, bx, ex, bpt, ept, ph, it, mrk; XLIFF 2 pc, ph, sc, ec) arrive as their XML. Both are tags
// here; WordPress shortcodes ([gallery id="1"]) are kept apart too, as translators must keep them.
// Which bracketed names are shortcodes follows the server: a job's file lists the site's registered
// shortcodes, and only those are tags; a customer's `[Hinweis]` is text.

import type { Segment } from '../../api/types';

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; role: 'open' | 'close' | 'empty' | 'comment'; name: string }
  | { kind: 'shortcode'; text: string; name: string };

const PATTERN = /<!--[\s\S]*?-->|<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>|\[\/?[A-Za-z][\w-]*(?:\s[^[\]]*)?\/?\]/g;

/**
 * Which `[name …]`s are shortcodes: a list of names, matched exactly as WordPress registers them
 * (case-sensitive), or `null` for any name that looks like a shortcode.
 */
export type Shortcodes = readonly string[] | null;

/**
 * The shortcodes of a segment of a job whose file lists `listed` (`JobDetail.shortcodes`; `null`
 * or absent when it lists none). Only HTML content (WPML's) has shortcodes: in XLIFF inline
 * markup a bracket is text.
 */
export function segmentShortcodes(markup: Segment['markup'], listed: Shortcodes | undefined): Shortcodes {
  return markup === 'html' ? (listed ?? null) : NONE;
}

/** One array for every XLIFF segment, so that their memoized tokens stay put. */
const NONE: Shortcodes = [];

export function tokenize(text: string, shortcodes: Shortcodes): Token[] {
  const tokens: Token[] = [];
  const pattern = new RegExp(PATTERN);
  let last = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const raw = match[0];
    const at = match.index;
    const token = classify(raw);
    if (token.kind === 'shortcode' && shortcodes !== null && !shortcodes.includes(token.name)) {
      // Text, as the server reads it; markup inside its brackets is still markup.
      pattern.lastIndex = at + 1;
      continue;
    }
    if (at > last) tokens.push({ kind: 'text', text: text.slice(last, at) });
    tokens.push(token);
    last = at + raw.length;
  }
  if (last < text.length) tokens.push({ kind: 'text', text: text.slice(last) });
  return tokens;
}

function classify(raw: string): Token {
  if (raw.startsWith('<!--')) return { kind: 'tag', text: raw, role: 'comment', name: '!--' };
  const name = /^[<[]\/?([\w:.-]+)/.exec(raw)?.[1] ?? '';
  if (raw.startsWith('[')) return { kind: 'shortcode', text: raw, name };
  const role = raw.startsWith('</') ? 'close' : raw.endsWith('/>') ? 'empty' : 'open';
  return { kind: 'tag', text: raw, role, name };
}

/** Short label of a tag as shown in the table: `<a>`, `</a>`, `<br/>`, `<!---->`. */
export function tagLabel(token: Extract<Token, { kind: 'tag' }>): string {
  switch (token.role) {
    case 'close':
      return `</${token.name}>`;
    case 'empty':
      return `<${token.name}/>`;
    case 'comment':
      return '<!-- -->';
    default:
      return `<${token.name}>`;
  }
}

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/** What a named character reference (`&nbsp;`, `&eacute;`) stands for, as a browser reads it. */
function named(reference: string): string {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${reference}`, 'text/html');
  return parsed.body.textContent;
}

/**
 * `text` with its character references (`&amp;`, `&#8211;`, `&nbsp;`) as the characters they
 * stand for, as the page shows them to a reader; an unknown or invalid one stays as written.
 */
export function decodeReferences(text: string): string {
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string) => {
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? parseInt(hex, 16) : null;
    if (code === null) return named(whole);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
