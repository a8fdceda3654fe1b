// Edits not saved yet, kept in the browser (localStorage) until the server has them: a
// connection lost, a tab closed mid-save or a refused save keeps the translator's text, and the
// editor offers it again when the job is opened next.

export interface OfflineDraft {
  target: string;
  /** The segment's revision the text was made on. */
  base_revision: number;
  confirm: boolean;
}

const PREFIX = 'wordmark.editor.';

const keyOf = (jobId: number) => `${PREFIX}${jobId}`;

function read(jobId: number): Record<string, OfflineDraft> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(jobId)) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, OfflineDraft>) : {};
  } catch {
    return {};
  }
}

function write(jobId: number, drafts: Record<string, OfflineDraft>) {
  try {
    if (Object.keys(drafts).length === 0) localStorage.removeItem(keyOf(jobId));
    else localStorage.setItem(keyOf(jobId), JSON.stringify(drafts));
  } catch {
    // A full or disabled storage: the edit is still being saved, only not kept offline.
  }
}

/** The job's unsaved edits by segment id. */
export function offlineDrafts(jobId: number): Map<number, OfflineDraft> {
  return new Map(Object.entries(read(jobId)).map(([id, draft]) => [Number(id), draft]));
}

export function keepDraft(jobId: number, segmentId: number, draft: OfflineDraft) {
  write(jobId, { ...read(jobId), [segmentId]: draft });
}

/** Forgets the segment's edit once saved, unless it was changed again meanwhile. */
export function dropDraft(jobId: number, segmentId: number, saved?: string) {
  const drafts = read(jobId);
  const kept = drafts[segmentId];
  if (kept === undefined || (saved !== undefined && kept.target !== saved)) return;
  write(jobId, Object.fromEntries(Object.entries(drafts).filter(([id]) => id !== String(segmentId))));
}
