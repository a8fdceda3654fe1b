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

/** An amount in cents, in the agency's currency (not yet per translator). */
export function formatAmount(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  return (cents / 100).toFixed(2);
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
