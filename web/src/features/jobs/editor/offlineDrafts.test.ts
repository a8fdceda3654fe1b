import { beforeEach, describe, expect, it } from 'vitest';
import { dropDraft, keepDraft, offlineDrafts } from './offlineDrafts';

describe('offline drafts', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per job until saved, and a newer text outlives the save of an older one', () => {
    keepDraft(4, 10, { target: 'Hallo', base_revision: 2, confirm: false });
    keepDraft(4, 11, { target: 'Welt', base_revision: 0, confirm: true });
    keepDraft(5, 10, { target: 'other job', base_revision: 1, confirm: false });
    expect(offlineDrafts(4).get(10)?.target).toBe('Hallo');
    expect(offlineDrafts(4).size).toBe(2);

    keepDraft(4, 10, { target: 'Hallo!', base_revision: 2, confirm: false });
    dropDraft(4, 10, 'Hallo');
    expect(offlineDrafts(4).get(10)?.target).toBe('Hallo!');
    dropDraft(4, 10, 'Hallo!');
    dropDraft(4, 11);
    expect(offlineDrafts(4).size).toBe(0);
    expect(localStorage.getItem('wordmark.editor.4')).toBeNull();
    expect(offlineDrafts(5).size).toBe(1);
  });

  it('survive a damaged store as none', () => {
    localStorage.setItem('wordmark.editor.4', '{not json');
    expect(offlineDrafts(4).size).toBe(0);
  });
});
