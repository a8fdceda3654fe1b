// Splits segment text into plain text and inline markup, so that tags can be shown as tags (never
// interpreted as HTML). WPML's CDATA content carries HTML tags; other XLIFF tools' inline elements
// (g, x, bx, ex, bpt, ept, ph, it, mrk; XLIFF 2 pc, ph, sc, ec) arrive as their XML. Both are tags
// here; WordPress shortcodes ([gallery id="1"]) are kept apart too, as translators must keep them.

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; role: 'open' | 'close' | 'empty' | 'comment'; name: string }
  | { kind: 'shortcode'; text: string; name: string };

const PATTERN = /<!--[\s\S]*?-->|<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>|\[\/?[A-Za-z][\w-]*(?:\s[^[\]]*)?\/?\]/g;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const raw = match[0];
    const at = match.index;
    if (at > last) tokens.push({ kind: 'text', text: text.slice(last, at) });
    tokens.push(classify(raw));
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
