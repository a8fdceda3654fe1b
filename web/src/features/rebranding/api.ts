import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';
import { dashboardKey, rebrandingKeys } from '../../api/queryKeys';
import type { RebrandingBody, RebrandingId, RebrandingListParams } from '../../api/types';

/** One page of the projects, every client's or one's (the next page keeps the previous one shown). */
export const rebrandingListQuery = (params: RebrandingListParams) =>
  queryOptions({
    queryKey: rebrandingKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/rebranding', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const rebrandingQuery = (id: RebrandingId) =>
  queryOptions({
    queryKey: rebrandingKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/rebranding/{id}', { params: { path: { id } } })),
  });

function useInvalidateRebranding() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rebrandingKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
}

/** Creates a project when `id` is undefined, otherwise updates that project. */
export function useSaveRebranding(id: RebrandingId | undefined) {
  const invalidate = useInvalidateRebranding();
  return useMutation({
    mutationFn: (body: RebrandingBody) =>
      id === undefined
        ? unwrap(api.POST('/api/rebranding', { body }))
        : unwrap(api.PUT('/api/rebranding/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

export function useDeleteRebranding() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRebranding();
  return useMutation({
    mutationFn: (id: RebrandingId) => unwrap(api.DELETE('/api/rebranding/{id}', { params: { path: { id } } })),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: rebrandingKeys.detail(id) });
      await invalidate();
    },
  });
}

/** The brand package as a blob (offered as '{display name}-rebranding.zip'). */
export function fetchPackage(id: RebrandingId): Promise<Blob> {
  return unwrap(api.POST('/api/rebranding/{id}/download-package', { params: { path: { id } }, parseAs: 'blob' }));
}
