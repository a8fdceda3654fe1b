// The job page's segment filter and the counts above its table.
import { fieldName } from '../../components/fields';
import type { Segment, SegmentStatus } from './api';

export interface SegmentFilter {
  text: string;
  status: SegmentStatus | null;
  flaggedOnly: boolean;
  /** A field kind (`title`, `seo_description`, …); `null`: every field. */
  field?: string | null;
}

/** Segments matching the filter: text in source, targets or context (field label, resname); a status; a field kind; QA flags. */
export function filterSegments(segments: readonly Segment[], filter: SegmentFilter): readonly Segment[] {
  const needle = filter.text.trim().toLocaleLowerCase();
  const field = filter.field ?? null;
  if (needle === '' && filter.status === null && !filter.flaggedOnly && field === null) return segments;
  return segments.filter(
    (segment) =>
      (filter.status === null || segment.status === filter.status) &&
      (field === null || segment.field.kind === field) &&
      (!filter.flaggedOnly || segment.qa_flags.length > 0) &&
      (needle === '' ||
        [segment.source, segment.target, segment.mt_target, segment.resname, segment.field.label].some((text) =>
          text?.toLocaleLowerCase().includes(needle),
        )),
  );
}

/** The heading of a group of segments of one field kind, shown on its first row. */
export interface FieldGroup {
  name: string;
  count: number;
}

/**
 * The segments grouped by field kind (the kinds in order of first appearance, the segments of
 * each in file order), with the heading of each group by the id of its first segment.
 */
export function groupByField(segments: readonly Segment[]): { rows: readonly Segment[]; groups: Map<number, FieldGroup> } {
  const byKind = new Map<string, Segment[]>();
  for (const segment of segments) {
    const group = byKind.get(segment.field.kind);
    if (group === undefined) byKind.set(segment.field.kind, [segment]);
    else group.push(segment);
  }
  const groups = new Map<number, FieldGroup>();
  for (const [kind, members] of byKind) {
    const first = members[0];
    if (first !== undefined) groups.set(first.id, { name: fieldName(kind), count: members.length });
  }
  return { rows: Array.from(byKind.values()).flat(), groups };
}

/**
 * Where the targets came from, so a translator sees how much of the job memory and machine
 * translation filled (pseudo-translation counts as MT), and how many segments QA flagged.
 */
export function originCounts(segments: readonly Segment[]) {
  let memory = 0;
  let mt = 0;
  let flagged = 0;
  for (const segment of segments) {
    if (segment.origin === 'memory') memory += 1;
    if (segment.origin === 'mt' || segment.origin === 'pseudo') mt += 1;
    if (segment.qa_flags.length > 0) flagged += 1;
  }
  return { memory, mt, flagged };
}
