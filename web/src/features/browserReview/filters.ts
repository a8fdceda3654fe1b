// The segment list's filters and search.
import type { RowState, Rows } from './useReviewRows';

export const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Not approved' },
  { value: 'changed', label: 'Changed' },
  { value: 'comments', label: 'With comments' },
  { value: 'qa', label: 'QA warnings' },
] as const;

export type ReviewFilter = (typeof FILTERS)[number]['value'];

/** The customer's text differs from the translation the agency delivered. */
export const isChanged = (row: RowState) => row.text !== (row.segment.target ?? '');

const TESTS: Record<ReviewFilter, (row: RowState) => boolean> = {
  all: () => true,
  open: (row) => !row.segment.approved,
  changed: isChanged,
  comments: (row) => row.segment.comments.length > 0,
  qa: (row) => row.qa.length > 0,
};

/**
 * The ids of `order` (translatable segments in page order) that the filter, the field kind
 * (`null`: every field) and the search let through.
 */
export function visibleIds(order: readonly number[], rows: Rows, filter: ReviewFilter, search: string, field: string | null = null): number[] {
  const needle = search.trim().toLocaleLowerCase();
  const test = TESTS[filter];
  return order.filter((id) => {
    const row = rows.get(id);
    if (row === undefined || !test(row)) return false;
    if (field !== null && row.segment.field.kind !== field) return false;
    return needle === '' || row.segment.source.toLocaleLowerCase().includes(needle) || row.text.toLocaleLowerCase().includes(needle);
  });
}

/** How many rows each filter would show (for the filter's labels). */
export function filterCounts(rows: Rows): Record<ReviewFilter, number> {
  const counts: Record<ReviewFilter, number> = { all: 0, open: 0, changed: 0, comments: 0, qa: 0 };
  for (const row of rows.values()) {
    for (const { value } of FILTERS) if (TESTS[value](row)) counts[value] += 1;
  }
  return counts;
}

