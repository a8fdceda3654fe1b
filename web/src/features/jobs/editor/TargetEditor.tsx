// The open segment's target, edited in place: the text is typed as in any field, and every tag
// or shortcode is a chip the browser treats as one character (contenteditable="false"), so it
// is deleted, cut or moved whole and never half. The DOM is the editor's state while typing:
// nothing re-renders on a keystroke, the text is read from it when it is saved.
import { useImperativeHandle, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import type { Shortcodes } from '../../../components/markup';
import { chipOf, piecesOf, type Chip } from './chips';
import classes from './Editor.module.css';

export interface TargetEditorHandle {
  /** The target as it is to be stored: text and chips' raw markup. */
  text(): string;
  /** Replaces the whole target (a match, the source), the caret at its end. */
  setText(text: string): void;
  /** Inserts markup (as a chip) or text at the caret (at the end when the caret is elsewhere). */
  insert(raw: string): void;
  focus(): void;
}

interface TargetEditorProps {
  ref: Ref<TargetEditorHandle>;
  initial: string;
  shortcodes: Shortcodes;
  label: string;
  /** After every change of the text (typing, a chip removed, an insertion). */
  onChange: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

function chipElement(chip: Chip): HTMLSpanElement {
  const span = document.createElement('span');
  span.setAttribute('contenteditable', 'false');
  span.dataset.raw = chip.raw;
  span.dataset.markup = chip.kind === 'shortcode' ? 'shortcode' : 'tag';
  span.className = `${classes.chip} ${classes[`chip_${chip.kind}`] ?? ''}`;
  span.title = chip.raw;
  span.textContent = chip.label;
  return span;
}

function render(element: HTMLElement, text: string, shortcodes: Shortcodes) {
  const nodes = piecesOf(text, shortcodes).map((piece) =>
    'chip' in piece ? chipElement(piece.chip) : document.createTextNode(piece.text),
  );
  element.replaceChildren(...nodes);
}

/** The stored text of the editor's DOM: text nodes as typed, chips as their raw markup. */
export function serialize(root: Node): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out += (node as Text).data;
      return;
    }
    if (!(node instanceof HTMLElement)) return;
    if (node.dataset.raw !== undefined) {
      out += node.dataset.raw;
      return;
    }
    // The browser's own line breaks (a pasted block, an emptied field's placeholder <br>).
    if (node.tagName === 'BR') return;
    if ((node.tagName === 'DIV' || node.tagName === 'P') && out !== '' && !out.endsWith('\n')) out += '\n';
    node.childNodes.forEach(walk);
  };
  root.childNodes.forEach(walk);
  return out;
}

/** Copies (and for a cut removes) the selection as its stored text, chips as their markup. */
function copySelection(event: ClipboardEvent<HTMLDivElement>, cut: boolean, onChange: () => void) {
  const selection = window.getSelection();
  if (selection === null || selection.rangeCount === 0) return;
  const range = selection.getRangeAt(0);
  event.preventDefault();
  event.clipboardData.setData('text/plain', serialize(range.cloneContents()));
  if (cut) {
    range.deleteContents();
    onChange();
  }
}

/** Puts `node` (a text, a chip, a fragment) at the caret in `element`, or at its end when the
 * caret is elsewhere, and the caret after it. */
function insertAtCaret(element: HTMLElement, node: Node) {
  const selection = window.getSelection();
  if (selection === null) return;
  if (selection.rangeCount === 0 || !element.contains(selection.anchorNode)) caretAtEnd(element);
  const range = selection.getRangeAt(0);
  range.deleteContents();
  const last = node instanceof DocumentFragment ? node.lastChild : node;
  range.insertNode(node);
  if (last !== null) range.setStartAfter(last);
  range.collapse(true);
  selection.removeAllRanges();
  selection.addRange(range);
}

function caretAtEnd(element: HTMLElement) {
  const selection = window.getSelection();
  if (selection === null) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

export function TargetEditor({ ref, initial, shortcodes, label, onChange, onKeyDown }: TargetEditorProps) {
  const element = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (element.current !== null) render(element.current, initial, shortcodes);
    // Rendered once per segment (the owner keys this component by segment): later changes are
    // the DOM's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(ref, () => ({
    text: () => (element.current === null ? initial : serialize(element.current)),
    setText: (text: string) => {
      const div = element.current;
      if (div === null) return;
      render(div, text, shortcodes);
      div.focus();
      caretAtEnd(div);
      onChange();
    },
    insert: (raw: string) => {
      const div = element.current;
      if (div === null) return;
      div.focus();
      const chip = chipOf(raw, shortcodes);
      insertAtCaret(div, chip === null ? document.createTextNode(raw) : chipElement(chip));
      onChange();
    },
    focus: () => {
      const div = element.current;
      if (div === null) return;
      div.focus();
      caretAtEnd(div);
    },
  }));

  return (
    <div
      ref={element}
      role="textbox"
      aria-multiline="true"
      aria-label={label}
      tabIndex={0}
      contentEditable
      suppressContentEditableWarning
      spellCheck
      className={classes.target}
      data-target-editor
      onInput={onChange}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.altKey) {
          // A line break is typed with Shift+Enter, as text; the browser's own would be a
          // <div> or <br> that is not the segment's text.
          event.preventDefault();
          if (event.shiftKey) {
            insertAtCaret(event.currentTarget, document.createTextNode('\n'));
            onChange();
          }
          return;
        }
        onKeyDown?.(event);
      }}
      onCopy={(event) => copySelection(event, false, onChange)}
      onCut={(event) => copySelection(event, true, onChange)}
      onPaste={(event) => {
        // Pasted text is text, its markup (a cut chip's raw text) chips again; HTML from
        // elsewhere never slips in as HTML.
        event.preventDefault();
        const fragment = document.createDocumentFragment();
        for (const piece of piecesOf(event.clipboardData.getData('text/plain'), shortcodes)) {
          fragment.append('chip' in piece ? chipElement(piece.chip) : document.createTextNode(piece.text));
        }
        insertAtCaret(event.currentTarget, fragment);
        onChange();
      }}
      onDrop={(event) => event.preventDefault()}
    />
  );
}
