import { PROJECT_STATUSES, type ProjectStatus } from './api';

/** The list's rendering of a status: underscores read as spaces. */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

/** The display labels (docs/product.md), used where a status is chosen. */
export const STATUS_LABELS: Record<ProjectStatus, string> = {
  Created: 'Created',
  Pretranslated: 'Pretranslated',
  Translations_In_Correction: 'XLSX files exported',
  Translations_Corrected: 'Translations finalized',
  Completed: 'Completed',
};

export function isProjectStatus(value: string): value is ProjectStatus {
  return (PROJECT_STATUSES as readonly string[]).includes(value);
}

/** 0-based position in the workflow; an unknown status counts as the first. */
export function statusIndex(status: string): number {
  return isProjectStatus(status) ? PROJECT_STATUSES.indexOf(status) : 0;
}

/** The status a status-less or unknown project is treated as. */
export function knownStatus(status: string): ProjectStatus {
  return isProjectStatus(status) ? status : 'Created';
}
