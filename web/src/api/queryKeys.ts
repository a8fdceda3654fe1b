// Every query key of the app in one place. A key starts with the resource it caches
// ('clients', 'translation', …), so invalidating a prefix refreshes every query under it: a
// feature whose change shows elsewhere (a new client changes the dashboard's counts) invalidates
// that prefix from here instead of importing the feature that shows it.
import type {
  AuditQuery,
  ClientId,
  ClientListParams,
  JobId,
  ProjectId,
  ProjectListParams,
  QuoteListParams,
  RebrandingId,
  RebrandingListParams,
  SiteContentParams,
  SiteId,
  UserListParams,
} from './types';

/** The dashboard's counts: invalidate after creating or deleting clients or projects. */
export const dashboardKey = ['dashboard'] as const;

export const buildInfoKey = ['build-info'] as const;

export const mtSettingsKey = ['settings', 'mt'] as const;

export const clientKeys = {
  all: ['clients'] as const,
  /** One page of the list: its parameters are part of the key. */
  list: (params: ClientListParams) => [...clientKeys.all, 'list', params] as const,
  /** Every client, for the pickers. */
  options: () => [...clientKeys.all, 'options'] as const,
  detail: (id: ClientId) => [...clientKeys.all, 'detail', id] as const,
  /** A client's customer accounts. */
  people: (id: ClientId) => [...clientKeys.all, 'people', id] as const,
};

export const siteKeys = {
  all: ['sites'] as const,
  /** A client's sites. */
  ofClient: (clientId: ClientId) => [...siteKeys.all, 'client', clientId] as const,
  detail: (id: SiteId) => [...siteKeys.all, 'detail', id] as const,
  /** One page of a site's content; without parameters, every page. */
  content: (id: SiteId, params?: SiteContentParams) =>
    params === undefined ? ([...siteKeys.all, 'content', id] as const) : ([...siteKeys.all, 'content', id, params] as const),
  /** The plugin this server bundles (version and file name). */
  plugin: () => [...siteKeys.all, 'plugin'] as const,
  /** A site's pages changed since their translation, counted, and its next check. */
  changes: (id: SiteId) => [...siteKeys.all, 'changes', id] as const,
  /** The sites with changed pages (the staff's dashboard). */
  changed: () => [...siteKeys.all, 'changed'] as const,
  /** How often the sites are checked (Administration → Settings). */
  schedule: () => [...siteKeys.all, 'schedule'] as const,
  /** A site's requests for pages (customers'). */
  requests: (id: SiteId) => [...siteKeys.all, 'requests', id] as const,
  /** The requests for pages still waiting for their project, of every site the caller sees. */
  waiting: () => [...siteKeys.all, 'waiting'] as const,
  /** A site project's publishing: its site and latest run. */
  publishing: (projectId: number) => [...siteKeys.all, 'publishing', projectId] as const,
};

export const translationKeys = {
  all: ['translation'] as const,
  /** One page of the list; without parameters, every page (to invalidate them all). */
  list: (params?: ProjectListParams) =>
    params === undefined ? ([...translationKeys.all, 'list'] as const) : ([...translationKeys.all, 'list', params] as const),
  detail: (id: ProjectId) => [...translationKeys.all, 'detail', id] as const,
  run: (id: ProjectId) => [...translationKeys.all, 'run', id] as const,
  /** A project's review links (#18). */
  reviewLinks: (id: ProjectId) => [...translationKeys.all, 'review-links', id] as const,
  /** A project's review comment threads, all states or one. */
  comments: (id: ProjectId, state?: 'open' | 'resolved' | 'all') =>
    state === undefined
      ? ([...translationKeys.all, 'comments', id] as const)
      : ([...translationKeys.all, 'comments', id, state] as const),
  analysis: (id: ProjectId) => [...translationKeys.all, 'analysis', id] as const,
  fuzzyFill: (id: ProjectId) => [...translationKeys.all, 'fuzzy-fill', id] as const,
};

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: JobId) => [...jobKeys.all, 'detail', id] as const,
  /** One segment's change history. */
  history: (id: JobId, segmentId: number) => [...jobKeys.all, 'history', id, segmentId] as const,
  matches: (id: JobId, segmentId: number) => [...jobKeys.all, 'matches', id, segmentId] as const,
};

export const assignmentKeys = {
  all: ['assignments'] as const,
  /** The caller's assignments (a translator's own, everyone's for staff). */
  mine: () => [...assignmentKeys.all, 'mine'] as const,
  /** A job's assignments, for staff. */
  ofJob: (id: JobId) => [...assignmentKeys.all, 'job', id] as const,
  translators: () => [...assignmentKeys.all, 'translators'] as const,
  /** The translators whose profiles fit a job, or a project's jobs still to assign. */
  suggestions: (kind: 'job' | 'project', id: number) => [...assignmentKeys.all, 'suggestions', kind, id] as const,
};

export const rebrandingKeys = {
  all: ['rebranding'] as const,
  list: (params: RebrandingListParams) => [...rebrandingKeys.all, 'list', params] as const,
  detail: (id: RebrandingId) => [...rebrandingKeys.all, 'detail', id] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => [...userKeys.all, 'list', params] as const,
  detail: (username: string) => [...userKeys.all, 'detail', username] as const,
  /** A translator's profile (staff's view), and one's own. */
  translatorProfile: (username: string) => [...userKeys.all, 'translator-profile', username] as const,
  ownTranslatorProfile: () => [...userKeys.all, 'translator-profile', 'own'] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditQuery) => [...auditKeys.all, 'list', query] as const,
};

export const quoteKeys = {
  all: ['quotes'] as const,
  /** A project's request and quote versions. */
  project: (id: ProjectId) => [...quoteKeys.all, 'project', id] as const,
  list: (params: QuoteListParams) => [...quoteKeys.all, 'list', params] as const,
  totals: (clientId: ClientId | null) => [...quoteKeys.all, 'totals', clientId] as const,
  terms: () => [...quoteKeys.all, 'terms'] as const,
  /** What a project earns (staff). */
  earnings: (id: ProjectId) => [...quoteKeys.all, 'earnings', id] as const,
};
