import type { SegmentOrigin, SegmentStatus } from './api';

/** Where a segment's current target came from. */
export const ORIGIN_LABELS: Record<SegmentOrigin, string> = {
  none: '—',
  file: 'File',
  memory: 'Memory',
  fuzzy: 'Fuzzy match',
  mt: 'MT',
  pseudo: 'Pseudo',
  source: 'Source copy',
  customer: 'Customer',
  editor: 'Editor',
};

export const STATUS_LABELS: Record<SegmentStatus, string> = {
  new: 'New',
  translated: 'Translated',
  needs_review: 'Needs review',
  // What an editor's or a translator's confirm gives, and what delivery counts.
  reviewed: 'Confirmed',
};

export const STATUS_COLORS: Record<SegmentStatus, string> = {
  new: 'gray',
  translated: 'blue',
  needs_review: 'orange',
  reviewed: 'green',
};

/** QA flag kinds with a label of their own; others show their kind with spaces. */
const QA_FLAG_LABELS: Record<string, string> = {
  term: 'term',
  forbidden_term: 'forbidden term',
  dnt_changed: 'do not translate changed',
};

export function qaFlagLabel(kind: string): string {
  return QA_FLAG_LABELS[kind] ?? kind.replace(/_/g, ' ');
}

/** An editor's autosave not confirmed yet (a segment sent back by staff is the translator's text
 * too, but needs review, not a confirm of a draft). */
export function isDraft(segment: { origin: string; status: string }): boolean {
  return segment.origin === 'editor' && segment.status === 'translated';
}
