// The open segment's target as the editor holds it: runs of text the translator types in, and
// chips, one per tag or shortcode, that move and go away only whole. The stored target is the
// concatenation of the runs and the chips' raw markup, byte for byte: a chip keeps its exact
// text (attributes, spacing) however it is labelled on screen.
import { tagLabel, tokenize, type Shortcodes } from '../../../components/markup';

export interface Chip {
  /** The markup exactly as stored (`<a href="/x">`, `[gallery ids="1"]`). */
  raw: string;
  /** What the chip shows (`<a>`, `[gallery]`). */
  label: string;
  /** For colouring: open, close, empty, comment or shortcode. */
  kind: 'open' | 'close' | 'empty' | 'comment' | 'shortcode';
}

export type Piece = { text: string } | { chip: Chip };

export function chipOf(raw: string, shortcodes: Shortcodes): Chip | null {
  const token = tokenize(raw, shortcodes)[0];
  if (token === undefined || token.kind === 'text' || token.text !== raw) return null;
  if (token.kind === 'shortcode') {
    return { raw, label: raw.startsWith('[/') ? `[/${token.name}]` : `[${token.name}]`, kind: 'shortcode' };
  }
  return { raw, label: tagLabel(token), kind: token.role };
}

/** `text` split into runs of text and chips. */
export function piecesOf(text: string, shortcodes: Shortcodes): Piece[] {
  return tokenize(text, shortcodes).map((token): Piece => {
    if (token.kind === 'text') return { text: token.text };
    return { chip: chipOf(token.text, shortcodes) ?? { raw: token.text, label: token.text, kind: 'open' } };
  });
}

/** The stored text of `pieces`. */
export function textOf(pieces: readonly Piece[]): string {
  return pieces.map((piece) => ('chip' in piece ? piece.chip.raw : piece.text)).join('');
}

/** The markup of `text` (each tag and shortcode's raw text), in order. */
export function markupOf(text: string, shortcodes: Shortcodes): string[] {
  return tokenize(text, shortcodes).flatMap((token) => (token.kind === 'text' ? [] : [token.text]));
}

/**
 * The source's tags and shortcodes that the target lacks, in the source's order (counting
 * repeats: a source with two `<br/>` and a target with one lacks one).
 */
export function missingMarkup(source: string, target: string, shortcodes: Shortcodes): string[] {
  const present = markupOf(target, shortcodes);
  const missing: string[] = [];
  for (const raw of markupOf(source, shortcodes)) {
    const at = present.indexOf(raw);
    if (at === -1) missing.push(raw);
    else present.splice(at, 1);
  }
  return missing;
}

/** The target's tags and shortcodes that its source does not have. */
export function extraMarkup(source: string, target: string, shortcodes: Shortcodes): string[] {
  return missingMarkup(target, source, shortcodes);
}

/**
 * Replaces `find` by `replacement` in the text runs of `target` only, never inside a tag or a
 * shortcode (a find and replace must not break the markup). `matchCase` false ignores case.
 * Returns the new target and how many replacements were made.
 */
export function replaceInText(
  target: string,
  find: string,
  replacement: string,
  shortcodes: Shortcodes,
  matchCase: boolean,
): { text: string; count: number } {
  if (find === '') return { text: target, count: 0 };
  let count = 0;
  const escaped = find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(escaped, matchCase ? 'g' : 'gi');
  const text = tokenize(target, shortcodes)
    .map((token) => {
      if (token.kind !== 'text') return token.text;
      return token.text.replace(pattern, () => {
        count += 1;
        return replacement;
      });
    })
    .join('');
  return { text, count };
}
