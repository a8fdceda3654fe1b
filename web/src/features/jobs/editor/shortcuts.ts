// Every action of the editor and its keys: the help panel lists this table, and the editor's
// key handler reads the action of a key press from it, so the two cannot disagree.

export type Action =
  | 'confirm'
  | 'next'
  | 'previous'
  | 'match'
  | 'copySource'
  | 'insertTag'
  | 'concordance'
  | 'replace'
  | 'nextWarning'
  | 'acknowledge'
  | 'comment'
  | 'help';

export interface Shortcut {
  action: Action;
  keys: string[];
  label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'confirm', keys: ['Ctrl+Enter'], label: 'Confirm the segment and go to the next unconfirmed one' },
  { action: 'next', keys: ['Alt+↓', 'Ctrl+↓'], label: 'Next segment' },
  { action: 'previous', keys: ['Alt+↑', 'Ctrl+↑'], label: 'Previous segment' },
  { action: 'match', keys: ['Ctrl+1 … Ctrl+9'], label: 'Insert the memory match of that number' },
  { action: 'copySource', keys: ['Ctrl+Shift+S', 'Ctrl+Insert'], label: 'Copy the source into the target' },
  { action: 'insertTag', keys: ['F9'], label: "Insert the source's next missing tag at the cursor" },
  { action: 'concordance', keys: ['Ctrl+K'], label: "Search the client's memory (concordance)" },
  { action: 'replace', keys: ['Ctrl+H'], label: 'Find and replace in the whole job, with a preview and undo' },
  { action: 'nextWarning', keys: ['F8'], label: 'Go to the next segment with a QA warning' },
  { action: 'acknowledge', keys: ['Ctrl+Shift+A'], label: "Acknowledge the segment's first open QA warning" },
  { action: 'comment', keys: ['Ctrl+Shift+C'], label: 'Write a comment on the segment' },
  { action: 'help', keys: ['F1', '?'], label: 'Show these shortcuts' },
];

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The action of a key press, with the match number for `match`; null for any other key.
 * `typing`: the focus is in a text field, where `?` is a character and not the help.
 */
export function actionOf(press: KeyPress, typing: boolean): { action: Action; n?: number } | null {
  // Cmd on a Mac does what Ctrl does elsewhere.
  const ctrl = press.ctrlKey || press.metaKey;
  const { key, altKey: alt, shiftKey: shift } = press;
  if (key === 'F1') return { action: 'help' };
  if (key === '?' && !typing && !ctrl && !alt) return { action: 'help' };
  if (key === 'F8' && !ctrl && !alt) return { action: 'nextWarning' };
  if (key === 'F9' && !ctrl && !alt) return { action: 'insertTag' };
  if (ctrl && !alt && !shift && key === 'Enter') return { action: 'confirm' };
  if ((alt && !ctrl) || (ctrl && !alt && !shift)) {
    if (key === 'ArrowDown') return { action: 'next' };
    if (key === 'ArrowUp') return { action: 'previous' };
  }
  if (ctrl && !alt) {
    // The digit's key, whatever the layout makes of it with Shift.
    const digit = /^Digit([1-9])$/.exec(press.code ?? '')?.[1] ?? (/^[1-9]$/.test(key) ? key : undefined);
    if (digit !== undefined && !shift) return { action: 'match', n: Number(digit) };
    const letter = key.toLowerCase();
    if (shift && letter === 's') return { action: 'copySource' };
    if (!shift && key === 'Insert') return { action: 'copySource' };
    if (!shift && letter === 'k') return { action: 'concordance' };
    if (!shift && letter === 'h') return { action: 'replace' };
    if (shift && letter === 'a') return { action: 'acknowledge' };
    if (shift && letter === 'c') return { action: 'comment' };
  }
  return null;
}
