// The portal's calls: the customer's projects (the server narrows every list to their clients),
// a project's status history, its delivery, their own review, their brand packages and terms.
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';
import { clientKeys, jobKeys, rebrandingKeys, translationKeys } from '../../api/queryKeys';
import type { paths } from '../../api/schema';
import type {
  ClientId,
  JobId,
  ProjectId,
  ProjectListParams,
  RebrandingId,
  RebrandingListParams,
} from '../../api/types';

export type { Project, ProjectStatus, RebrandingProject, JobDetail, ProjectAnalysis } from '../../api/types';

export type StatusChange =
  paths['/api/translation/{id}/status-history']['get']['responses'][200]['content']['application/json'][number];
export type PersonalReview =
  paths['/api/translation/{id}/my-review']['post']['responses'][200]['content']['application/json'];
type TermsPath = paths['/api/client/{id}/terms'];
export type TermListParams = NonNullable<TermsPath['get']['parameters']['query']>;
export type Term = TermsPath['get']['responses'][200]['content']['application/json'][number];

export const projectsQuery = (params: ProjectListParams) =>
  queryOptions({
    queryKey: translationKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/translation', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const projectQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}', { params: { path: { id } } })),
  });

export const statusHistoryQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: [...translationKeys.detail(id), 'status-history'] as const,
    queryFn: () => unwrap(api.GET('/api/translation/{id}/status-history', { params: { path: { id } } })),
  });

export const analysisQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.analysis(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/analysis', { params: { path: { id } } })),
  });

export const jobQuery = (id: JobId) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/job/{id}', { params: { path: { id } } })),
  });

export const clientQuery = (id: ClientId) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/client/{id}', { params: { path: { id } } })),
  });

export const rebrandingListQuery = (params: RebrandingListParams) =>
  queryOptions({
    queryKey: rebrandingKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/rebranding', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const termsQuery = (clientId: ClientId, params: TermListParams) =>
  queryOptions({
    queryKey: ['terms', clientId, 'list', params] as const,
    queryFn: () =>
      unwrapPage(api.GET('/api/client/{id}/terms', { params: { path: { id: clientId }, query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

/** The customer's own review link of the project (a new token each time): the review opens with it. */
export function useOpenReview() {
  return useMutation({
    mutationFn: (id: ProjectId) => unwrap(api.POST('/api/translation/{id}/my-review', { params: { path: { id } } })),
  });
}

export function fetchDelivery(id: ProjectId): Promise<Blob> {
  return unwrap(api.GET('/api/translation/{id}/delivery', { params: { path: { id } }, parseAs: 'blob' }));
}

export function fetchPackage(id: RebrandingId): Promise<Blob> {
  return unwrap(api.POST('/api/rebranding/{id}/download-package', { params: { path: { id } }, parseAs: 'blob' }));
}
