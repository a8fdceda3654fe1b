// Named types for the app, derived from the request/response shapes of `paths` rather than from
// component names, so the file keeps compiling when schema.d.ts is regenerated from the
// server's own OpenAPI document (whose component names are the server's choice).
import type { paths } from './schema';

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type ListQueryOf<P extends { get: { parameters: { query?: unknown } } }> = NonNullable<P['get']['parameters']['query']>;

/** The query parameters of the paged lists (page, order, filters). */
export type ProjectListParams = ListQueryOf<paths['/api/translation']>;
export type RebrandingListParams = ListQueryOf<paths['/api/rebranding']>;
export type ClientListParams = ListQueryOf<paths['/api/client']>;
export type UserListParams = ListQueryOf<paths['/api/user']>;
export type QuoteListParams = ListQueryOf<paths['/api/quotes']>;

export type LoginResponse = JsonOf<paths['/auth/login']['post']['responses'][200]>;
export type LoggedUser = LoginResponse['user_object'];
export type Role = LoggedUser['role'];

export type User = JsonOf<paths['/api/user/{username}']['get']['responses'][200]>;
export type NewUser = JsonOf<paths['/api/user']['post']['requestBody']>;
export type UserUpdate = JsonOf<paths['/api/user/{username}']['put']['requestBody']>;

export type Client = JsonOf<paths['/api/client/{id}']['get']['responses'][200]>;
export type ClientId = paths['/api/client/{id}']['get']['parameters']['path']['id'];
export type Site = JsonOf<paths['/api/sites/{id}']['get']['responses'][200]>;
export type SiteId = paths['/api/sites/{id}']['get']['parameters']['path']['id'];
export type SiteInput = JsonOf<paths['/api/client/{id}/sites']['post']['requestBody']>;
export type SiteCheck = JsonOf<paths['/api/sites/{id}/check']['post']['responses'][200]>;
export type SiteRefresh = JsonOf<paths['/api/sites/{id}/refresh']['post']['responses'][200]>;
export type SiteItem = JsonOf<paths['/api/sites/{id}/content']['get']['responses'][200]>[number];
export type SiteContentParams = ListQueryOf<paths['/api/sites/{id}/content']>;
export type NewSiteProject = JsonOf<paths['/api/sites/{id}/projects']['post']['requestBody']>;
export type SiteProject = JsonOf<paths['/api/sites/{id}/projects']['post']['responses'][201]>;
export type NewSiteRequest = JsonOf<paths['/api/sites/{id}/requests']['post']['requestBody']>;
export type SiteRequest = JsonOf<paths['/api/sites/{id}/requests']['post']['responses'][201]>;
export type Publishing = JsonOf<paths['/api/translation/{id}/publish']['get']['responses'][200]>;
export type PublishRun = JsonOf<paths['/api/translation/{id}/publish']['post']['responses'][202]>;
export type PublishStatus = PublishRun['status'];
export type ImportedClient = JsonOf<paths['/api/client/archive']['post']['responses'][201]>;

export type DashboardCounts = JsonOf<paths['/api/dashboard']['get']['responses'][200]>;
export type BuildInfo = JsonOf<paths['/api/build-info']['get']['responses'][200]>;

/** The one role list, the same in every picker and on the server, in the order offered. */
export const ROLES: readonly Role[] = ['admin', 'editor', 'translator', 'customer'];

export type Project = JsonOf<paths['/api/translation/{id}']['get']['responses'][200]>;
export type ProjectId = paths['/api/translation/{id}']['get']['parameters']['path']['id'];
export type ProjectStatus = Project['status'];
export type CreatedProject = JsonOf<paths['/api/translation']['post']['responses'][201]>;
export type ProjectUpdate = JsonOf<paths['/api/translation/{id}']['put']['requestBody']>;

export type Job = JsonOf<paths['/api/translation/{id}/job']['post']['responses'][201]>;
export type JobId = paths['/api/job/{id}']['get']['parameters']['path']['id'];
export type JobDetail = JsonOf<paths['/api/job/{id}']['get']['responses'][200]>;
export type JobUpdate = JsonOf<paths['/api/job/{id}']['put']['requestBody']>;
export type Segment = JobDetail['segments'][number];
/** A 409 of a job save: edits made on segments someone else saved since (`conflicts`). */
export type EditConflict = JsonOf<paths['/api/job/{id}']['put']['responses'][409]>;
export type StaleEdit = NonNullable<EditConflict['conflicts']>[number];
export type SegmentStatus = Segment['status'];
export type SegmentOrigin = Segment['origin'];

export type RebrandingProject = JsonOf<paths['/api/rebranding/{id}']['get']['responses'][200]>;
export type RebrandingBody = JsonOf<paths['/api/rebranding']['post']['requestBody']>;
export type RebrandingId = paths['/api/rebranding/{id}']['get']['parameters']['path']['id'];
export type BrandColour = RebrandingProject['color_scheme']['prio1_colors'][number];
export type BrandLocation = RebrandingProject['locations'][number];

export type RunStatus = JsonOf<paths['/api/translation/{id}/pretranslate']['get']['responses'][200]>;
export type RunLine = RunStatus['lines'][number];
export type ProjectAnalysis = JsonOf<paths['/api/translation/{id}/analysis']['get']['responses'][200]>;
export type MatchBand = ProjectAnalysis['bands'][number]['band'];
export type SegmentMatch = JsonOf<
  paths['/api/job/{id}/segments/{segment_id}/matches']['get']['responses'][200]
>[number];
export type FuzzyFill = JsonOf<paths['/api/translation/{id}/fuzzy-fill']['get']['responses'][200]>;
export type ImportedProject = JsonOf<paths['/api/translation/{id}/upload-xlsx']['post']['responses'][200]>;
export type ImportReport = ImportedProject['import_report'];
export type ImportFileReport = ImportReport['files'][number];

export type MtSettings = JsonOf<paths['/api/settings/mt']['get']['responses'][200]>;
export type MtSettingsUpdate = JsonOf<paths['/api/settings/mt']['put']['requestBody']>;
export type MtTestResult = JsonOf<paths['/api/settings/mt/test']['post']['responses'][200]>;

export type AuditEvent = JsonOf<paths['/api/audit']['get']['responses'][200]>[number];
export type AuditAction = AuditEvent['action'];
/** The audit log's filters (the export takes the same), without the page. */
export type AuditFilters = NonNullable<paths['/api/audit/export']['get']['parameters']['query']>;
export type AuditQuery = NonNullable<paths['/api/audit']['get']['parameters']['query']>;
export type SiteChanges = JsonOf<paths['/api/sites/{id}/changes']['get']['responses'][200]>;
export type ChangedSite = JsonOf<paths['/api/sites/changed']['get']['responses'][200]>[number];
export type SiteCheckSchedule = JsonOf<paths['/api/settings/site-checks']['get']['responses'][200]>;
