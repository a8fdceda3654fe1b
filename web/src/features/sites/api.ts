import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';
import { siteKeys } from '../../api/queryKeys';
import { saveBlob } from '../../components/download';
import type { ClientId, NewSiteProject, NewSiteRequest, PublishStatus, Site, SiteContentParams, SiteId, SiteInput } from '../../api/types';

export const sitesQuery = (clientId: ClientId) =>
  queryOptions({
    queryKey: siteKeys.ofClient(clientId),
    queryFn: () => unwrap(api.GET('/api/client/{id}/sites', { params: { path: { id: clientId } } })),
  });

export const siteQuery = (id: SiteId) =>
  queryOptions({
    queryKey: siteKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/sites/{id}', { params: { path: { id } } })),
  });

export const siteContentQuery = (id: SiteId, params: SiteContentParams) =>
  queryOptions({
    queryKey: siteKeys.content(id, params),
    queryFn: () => unwrapPage(api.GET('/api/sites/{id}/content', { params: { path: { id }, query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

/** The Wordmark Connector plugin this server bundles: its version and the zip's name. */
export const pluginQuery = queryOptions({
  queryKey: siteKeys.plugin(),
  queryFn: () => unwrap(api.GET('/api/sites/plugin/info')),
  staleTime: Infinity,
});

/** Downloads the bundled plugin's zip, to upload on a WordPress site. */
export function useDownloadPlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const plugin = await queryClient.query(pluginQuery);
      const blob = await unwrap(api.GET('/api/sites/plugin', { parseAs: 'blob' }));
      saveBlob(blob, plugin.file_name);
    },
  });
}

/** How often a running publishing run is read again. */
export const PUBLISH_POLL_MS = 1000;

/** A project's site and latest publishing run; read again while the run is going. */
export const publishingQuery = (projectId: number) =>
  queryOptions({
    queryKey: siteKeys.publishing(projectId),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/publish', { params: { path: { id: projectId } } })),
    refetchInterval: (query) => (query.state.data?.run?.state === 'running' ? PUBLISH_POLL_MS : false),
  });

/** Creates a translation project from items of the site in some of its languages. */
export function useCreateSiteProject(siteId: SiteId) {
  return useMutation({
    mutationFn: (body: NewSiteProject) => unwrap(api.POST('/api/sites/{id}/projects', { params: { path: { id: siteId } }, body })),
  });
}

/** The site's requests for pages, newest first. */
export const siteRequestsQuery = (id: SiteId) =>
  queryOptions({
    queryKey: siteKeys.requests(id),
    queryFn: () => unwrap(api.GET('/api/sites/{id}/requests', { params: { path: { id } } })),
  });

/** The requests for pages still waiting for their project, on every site the caller sees. */
export const waitingRequestsQuery = () =>
  queryOptions({
    queryKey: siteKeys.waiting(),
    queryFn: () => unwrap(api.GET('/api/site-requests')),
  });

/** A customer's request for pages of the site, for the agency to make its project and quote. */
export function useRequestPages(siteId: SiteId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSiteRequest) => unwrap(api.POST('/api/sites/{id}/requests', { params: { path: { id: siteId } }, body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.requests(siteId) }),
        queryClient.invalidateQueries({ queryKey: siteKeys.waiting() }),
      ]),
  });
}

/** The staff make a request's project (its pages read from the site, its draft quote). */
export function useMakeRequestProject(siteId: SiteId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) =>
      unwrap(
        api.POST('/api/sites/{id}/requests/{request_id}/project', { params: { path: { id: siteId, request_id: requestId } } }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: siteKeys.requests(siteId) }),
        queryClient.invalidateQueries({ queryKey: siteKeys.waiting() }),
      ]),
  });
}

/** Starts publishing the project's translations to its site. */
export function usePublish(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: PublishStatus) =>
      unwrap(api.POST('/api/translation/{id}/publish', { params: { path: { id: projectId } }, body: { status } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.publishing(projectId) }),
  });
}

/** After any change to a site: its card, its page and its content list. */
function useInvalidateSites() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: siteKeys.all });
}

/** Adds a site to the client when `site` is undefined, otherwise saves that site. */
export function useSaveSite(clientId: ClientId, site: Site | undefined) {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (body: SiteInput) =>
      site === undefined
        ? unwrap(api.POST('/api/client/{id}/sites', { params: { path: { id: clientId } }, body }))
        : unwrap(api.PUT('/api/sites/{id}', { params: { path: { id: site.id } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (id: SiteId) => unwrap(api.DELETE('/api/sites/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** Test connection: the answer names what is wrong, if anything. */
export function useCheckSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (id: SiteId) => unwrap(api.POST('/api/sites/{id}/check', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

/** Reads the site's content list again. */
export function useRefreshSite() {
  const invalidate = useInvalidateSites();
  return useMutation({
    mutationFn: (id: SiteId) => unwrap(api.POST('/api/sites/{id}/refresh', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

/** What a state means, in the words of the content list. */
export const STATE_LABELS = {
  missing: 'Not translated',
  current: 'Up to date',
  changed: 'Source changed',
  unknown: 'Translated elsewhere',
} as const;

export const STATE_COLORS = { missing: 'gray', current: 'green', changed: 'orange', unknown: 'blue' } as const;
