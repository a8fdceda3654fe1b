import { describe, expect, it } from 'vitest';
import { SHORTCUTS, actionOf, type KeyPress } from './shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('map each listed key to its action', () => {
    expect(actionOf(press('Enter', { ctrlKey: true }), true)).toEqual({ action: 'confirm' });
    expect(actionOf(press('ArrowDown', { altKey: true }), true)).toEqual({ action: 'next' });
    expect(actionOf(press('ArrowUp', { ctrlKey: true }), true)).toEqual({ action: 'previous' });
    expect(actionOf(press('3', { ctrlKey: true, code: 'Digit3' }), true)).toEqual({ action: 'match', n: 3 });
    expect(actionOf(press('S', { ctrlKey: true, shiftKey: true }), true)).toEqual({ action: 'copySource' });
    expect(actionOf(press('Insert', { ctrlKey: true }), true)).toEqual({ action: 'copySource' });
    expect(actionOf(press('k', { metaKey: true }), true)).toEqual({ action: 'concordance' });
    expect(actionOf(press('h', { ctrlKey: true }), true)).toEqual({ action: 'replace' });
    expect(actionOf(press('F8'), true)).toEqual({ action: 'nextWarning' });
    expect(actionOf(press('F9'), true)).toEqual({ action: 'insertTag' });
    expect(actionOf(press('A', { ctrlKey: true, shiftKey: true }), true)).toEqual({ action: 'acknowledge' });
    expect(actionOf(press('F1'), true)).toEqual({ action: 'help' });
  });

  it('leave typing alone: ? is a character in a field, plain keys do nothing', () => {
    expect(actionOf(press('?'), true)).toBeNull();
    expect(actionOf(press('?'), false)).toEqual({ action: 'help' });
    expect(actionOf(press('a'), true)).toBeNull();
    expect(actionOf(press('Enter'), true)).toBeNull();
    expect(actionOf(press('ArrowDown'), true)).toBeNull();
  });

  it('list every action in the help', () => {
    const listed = new Set(SHORTCUTS.map((shortcut) => shortcut.action));
    expect(listed.size).toBe(SHORTCUTS.length);
    for (const action of ['confirm', 'next', 'previous', 'match', 'copySource', 'concordance', 'replace', 'nextWarning', 'help']) {
      expect(listed).toContain(action);
    }
  });
});
