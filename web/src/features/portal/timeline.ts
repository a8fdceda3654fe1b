// A project's way through the workflow as the portal shows it: five steps, each done, current
// or still to come, with the day it was reached, read from the project's status and the
// server's history of status changes (the creation is the project's own date).
import type { ProjectStatus, StatusChange } from './api';

export const STEPS: readonly { status: ProjectStatus; label: string }[] = [
  { status: 'Created', label: 'Created' },
  { status: 'Pretranslated', label: 'Pre-translated' },
  { status: 'Translations_In_Correction', label: 'In review' },
  { status: 'Translations_Corrected', label: 'Corrected' },
  { status: 'Completed', label: 'Completed' },
];

export type StepState = 'done' | 'current' | 'pending';

export interface TimelineStep {
  label: string;
  state: StepState;
  /** When the project last reached this step; `null` when it has not, or a person skipped it. */
  at: string | null;
}

/** The step of `status` (0 to 4); an unknown status counts as the first. */
export function stepIndex(status: string): number {
  return Math.max(0, STEPS.findIndex((step) => step.status === status));
}

export function stepLabel(status: string): string {
  return STEPS[stepIndex(status)]?.label ?? status;
}

export function timeline(status: ProjectStatus, createdAt: string, history: readonly StatusChange[]): TimelineStep[] {
  const current = stepIndex(status);
  return STEPS.map((step, index) => {
    const state: StepState = index < current ? 'done' : index === current ? 'current' : 'pending';
    if (state === 'pending') return { label: step.label, state, at: null };
    if (index === 0) return { label: step.label, state, at: createdAt };
    // The latest arrival counts: a project sent back a step and moved on again shows the new day.
    const arrivals = history.filter((change) => change.to === step.status);
    return { label: step.label, state, at: arrivals.at(-1)?.changed_at ?? null };
  });
}
