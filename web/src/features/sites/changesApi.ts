import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { siteKeys } from '../../api/queryKeys';
import type { SiteCheckSchedule, SiteId } from '../../api/types';

/** A site's pages changed since their translation, counted, and when it is checked next. */
export const siteChangesQuery = (id: SiteId) =>
  queryOptions({
    queryKey: siteKeys.changes(id),
    queryFn: () => unwrap(api.GET('/api/sites/{id}/changes', { params: { path: { id } } })),
  });

/** The sites with changed pages, most first. */
export const changedSitesQuery = () =>
  queryOptions({
    queryKey: siteKeys.changed(),
    queryFn: () => unwrap(api.GET('/api/sites/changed')),
  });

/** Makes the site's update project: its changed pages in the languages where they changed. */
export function useCreateUpdateProject(siteId: SiteId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/sites/{id}/update-project', { params: { path: { id: siteId } }, body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export const checkScheduleQuery = () =>
  queryOptions({
    queryKey: siteKeys.schedule(),
    queryFn: () => unwrap(api.GET('/api/settings/site-checks')),
  });

export function useSaveCheckSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteCheckSchedule) => unwrap(api.PUT('/api/settings/site-checks', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
