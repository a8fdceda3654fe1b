import type { Assignment, AssignmentState, Task } from './api';

export const STATE_LABELS: Record<AssignmentState, string> = {
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  delivered: 'Delivered',
  returned: 'Returned',
  closed: 'Closed',
  withdrawn: 'Withdrawn',
};

export const STATE_COLORS: Record<AssignmentState, string> = {
  offered: 'blue',
  accepted: 'teal',
  declined: 'gray',
  delivered: 'violet',
  returned: 'orange',
  closed: 'green',
  withdrawn: 'gray',
};

export const TASK_LABELS: Record<Task, string> = {
  post_edit: 'Post-edit',
  translate: 'Translate',
  proofread: 'Proofread',
};

/** States in which the job is still to be done by the translator. */
const TO_DO: readonly AssignmentState[] = ['offered', 'accepted', 'returned'];

/** Whether the assignment is still to be done and its due time has passed. */
export function isOverdue(assignment: Pick<Assignment, 'state' | 'due_at'>, now: Date): boolean {
  return TO_DO.includes(assignment.state) && new Date(assignment.due_at).getTime() < now.getTime();
}

/** Whether the job is the assignee's or staff's to act on (not ended). */
export function isOpen(state: AssignmentState): boolean {
  return [...TO_DO, 'delivered'].includes(state);
}

/** An amount in cents, in `currency` (ISO 4217) when given; `—` when none was set. */
export function formatAmount(cents: number | null | undefined, currency?: string): string {
  if (cents === null || cents === undefined) return '—';
  if (currency === undefined) return (cents / 100).toFixed(2);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

/** A rate per weighted word with the decimals it has (at least two, at most four): `EUR 0.08`, `GBP 0.125`. */
export function formatRate(rate: number, currency: string): string {
  const decimals = Math.min(4, Math.max(2, (String(rate).split('.')[1] ?? '').length));
  return `${currency} ${rate.toFixed(decimals)}`;
}

/** Weighted words as the analysis gives them (at most two decimals), grouped: `1,234.5`. */
export function formatWords(words: number): string {
  return new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(words);
}

/** How a price from a rate was computed: `1,234.5 weighted words × EUR 0.08 = €98.76`; null for any other amount. */
export function priceBasis(a: {
  rate?: number | null;
  weighted_words?: number | null;
  amount?: number | null;
  currency: string;
}): string | null {
  if (a.rate === null || a.rate === undefined || a.weighted_words === null || a.weighted_words === undefined) return null;
  return `${formatWords(a.weighted_words)} weighted words × ${formatRate(a.rate, a.currency)} = ${formatAmount(a.amount, a.currency)}`;
}

/** Why the assignment cannot be delivered yet (the server refuses the same), or null. */
export function deliveryBlocker(assignment: Pick<Assignment, 'unconfirmed_segments'>): string | null {
  const open = assignment.unconfirmed_segments;
  if (open === 0) return null;
  return open === 1 ? '1 segment is not confirmed yet.' : `${open} segments are not confirmed yet.`;
}

/** "My work": the earliest due first. */
export function byDueDate(rows: readonly Assignment[]): Assignment[] {
  return [...rows].sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || a.id - b.id);
}
