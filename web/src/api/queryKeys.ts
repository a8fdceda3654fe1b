// Every query key of the app in one place. A key starts with the resource it caches
// ('clients', 'translation', …), so invalidating a prefix refreshes every query under it: a
// feature whose change shows elsewhere (a new client changes the dashboard's counts) invalidates
// that prefix from here instead of importing the feature that shows it.
import type { AuditQuery, ClientId, JobId, ProjectId, RebrandingId } from './types';

/** The dashboard's counts: invalidate after creating or deleting clients or projects. */
export const dashboardKey = ['dashboard'] as const;

export const buildInfoKey = ['build-info'] as const;

export const mtSettingsKey = ['settings', 'mt'] as const;

export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
  detail: (id: ClientId) => [...clientKeys.all, 'detail', id] as const,
};

export const translationKeys = {
  all: ['translation'] as const,
  list: (clientId?: ClientId) => [...translationKeys.all, 'list', clientId ?? 'all'] as const,
  detail: (id: ProjectId) => [...translationKeys.all, 'detail', id] as const,
  run: (id: ProjectId) => [...translationKeys.all, 'run', id] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: JobId) => [...jobKeys.all, 'detail', id] as const,
};

export const rebrandingKeys = {
  all: ['rebranding'] as const,
  list: (clientId?: ClientId) => [...rebrandingKeys.all, 'list', clientId ?? 'all'] as const,
  detail: (id: RebrandingId) => [...rebrandingKeys.all, 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  detail: (username: string) => [...userKeys.all, 'detail', username] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
};
