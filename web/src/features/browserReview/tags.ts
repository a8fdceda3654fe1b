// Inline markup while the customer edits: every tag and shortcode of the source (and any other
// the translation already has) becomes a numbered placeholder such as `⟦1:<b>⟧` in the text field.
// An edit that would damage, delete or add a placeholder is refused (typing, Backspace, cutting,
// pasting one): tags go away only through the explicit "remove tag" action and come back through
// "insert tag", which is how a tag is moved. The customer's text is stored with the real markup.
import { tagLabel, tokenize, type Shortcodes } from '../../components/markup';

export interface TagTable {
  /** The raw markup of tag `n` (1-based) at index n - 1. */
  raw: string[];
  /** Its placeholder in the text field. */
  placeholders: string[];
  /** Tags 1..sourceCount come from the source; later ones only from the translation. */
  sourceCount: number;
}

const OPEN = '⟦';
const CLOSE = '⟧';

function markupOf(text: string, shortcodes: Shortcodes): string[] {
  return tokenize(text, shortcodes).flatMap((token) => (token.kind === 'text' ? [] : [token.text]));
}

function labelOf(raw: string, shortcodes: Shortcodes): string {
  const token = tokenize(raw, shortcodes)[0];
  if (token === undefined || token.kind === 'text') return raw;
  if (token.kind === 'shortcode') return raw.startsWith('[/') ? `[/${token.name}]` : `[${token.name}]`;
  return tagLabel(token);
}

/** The tags of the source, then those of `target` that the source does not have. */
export function tagTable(source: string, target: string, shortcodes: Shortcodes): TagTable {
  const raw = markupOf(source, shortcodes);
  const sourceCount = raw.length;
  const unmatched = [...raw];
  for (const tag of markupOf(target, shortcodes)) {
    const at = unmatched.indexOf(tag);
    if (at === -1) raw.push(tag);
    else unmatched.splice(at, 1);
  }
  const placeholders = raw.map((tag, index) => `${OPEN}${index + 1}:${labelOf(tag, shortcodes)}${CLOSE}`);
  return { raw, placeholders, sourceCount };
}

/** The text field's value for `text`: each tag replaced by its placeholder (in order of use). */
export function toField(text: string, table: TagTable, shortcodes: Shortcodes): string {
  const used = new Set<number>();
  return tokenize(text, shortcodes)
    .map((token) => {
      if (token.kind === 'text') return token.text;
      const index = table.raw.findIndex((raw, at) => raw === token.text && !used.has(at));
      if (index === -1) return token.text;
      used.add(index);
      return table.placeholders[index];
    })
    .join('');
}

/** The stored text for a field value: placeholders back to their markup. */
export function fromField(value: string, table: TagTable): string {
  let text = value;
  table.placeholders.forEach((placeholder, index) => {
    text = text.split(placeholder).join(table.raw[index]);
  });
  return text;
}

/** How often each placeholder occurs in `value`. */
function counts(value: string, table: TagTable): number[] {
  return table.placeholders.map((placeholder) => value.split(placeholder).length - 1);
}

/** Whether `next` keeps every placeholder of `previous` whole and adds none (an ordinary edit). */
export function keepsTags(previous: string, next: string, table: TagTable): boolean {
  const before = counts(previous, table);
  const after = counts(next, table);
  return before.every((count, index) => count === after[index]);
}

/** The tags (0-based indexes) present in the field, and those of the table that are not. */
export function tagsIn(value: string, table: TagTable): { present: number[]; absent: number[] } {
  const present: number[] = [];
  const absent: number[] = [];
  counts(value, table).forEach((count, index) => (count > 0 ? present : absent).push(index));
  return { present, absent };
}

/** `value` without tag `index` (its first occurrence). */
export function removeTag(value: string, table: TagTable, index: number): string {
  const placeholder = table.placeholders[index] ?? '';
  const at = value.indexOf(placeholder);
  return at === -1 ? value : value.slice(0, at) + value.slice(at + placeholder.length);
}

/**
 * `value` with tag `index` inserted at `caret`, moved out of any placeholder it falls inside.
 * Answers the new value and the caret after the inserted tag.
 */
export function insertTag(value: string, table: TagTable, index: number, caret: number): { value: string; caret: number } {
  const placeholder = table.placeholders[index] ?? '';
  let at = Math.max(0, Math.min(caret, value.length));
  const open = value.lastIndexOf(OPEN, at - 1);
  if (open !== -1 && value.indexOf(CLOSE, open) >= at) at = value.indexOf(CLOSE, open) + 1;
  return { value: value.slice(0, at) + placeholder + value.slice(at), caret: at + placeholder.length };
}

export interface PreCheck {
  kind: string;
  message: string;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/**
 * The checks that can be made while typing, before the server's QA answers the saved draft:
 * removed tags (an error: the server refuses such a row on submit), an empty translation, numbers
 * of the source that are missing, and leading/trailing spaces that differ.
 */
export function preCheck(source: string, value: string, table: TagTable, shortcodes: Shortcodes): PreCheck[] {
  const found: PreCheck[] = [];
  const { absent } = tagsIn(value, table);
  const removed = absent.filter((index) => index < table.sourceCount);
  if (removed.length > 0) {
    found.push({
      kind: 'tags',
      message: `Tag${removed.length > 1 ? 's' : ''} removed: ${removed.map((index) => labelOf(table.raw[index] ?? '', shortcodes)).join(' ')}`,
    });
  }
  const text = fromField(value, table);
  if (text.trim() === '' && source.trim() !== '') found.push({ kind: 'empty', message: 'The translation is empty' });
  const plain = (s: string) => tokenize(s, shortcodes).map((t) => (t.kind === 'text' ? t.text : ' ')).join('');
  const targetNumbers: string[] = plain(text).match(NUMBER) ?? [];
  const missing = (plain(source).match(NUMBER) ?? []).filter((number) => {
    const at = targetNumbers.indexOf(number);
    if (at === -1) return true;
    targetNumbers.splice(at, 1);
    return false;
  });
  if (missing.length > 0) found.push({ kind: 'numbers', message: `Number${missing.length > 1 ? 's' : ''} missing: ${missing.join(', ')}` });
  const edges = (s: string) => [/^\s*/.exec(s)?.[0] ?? '', /\s*$/.exec(s)?.[0] ?? ''];
  const [sourceStart, sourceEnd] = edges(source);
  const [targetStart, targetEnd] = edges(text);
  if (text.trim() !== '' && (sourceStart !== targetStart || sourceEnd !== targetEnd)) {
    found.push({ kind: 'whitespace', message: 'Leading or trailing spaces differ from the source' });
  }
  return found;
}
