import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';
import type { paths } from '../../api/schema';
import type { ClientId } from '../../api/types';
import { saveBlob } from '../../components/download';

type MemoryPath = paths['/api/client/{id}/memory'];
export type MemoryQuery = NonNullable<MemoryPath['get']['parameters']['query']>;
export type MemoryEntry = MemoryPath['get']['responses'][200]['content']['application/json'][number];
export type ImportReport =
  paths['/api/client/{id}/memory/import']['post']['responses'][200]['content']['application/json'];

export const memoryKeys = {
  all: (clientId: ClientId) => ['memory', clientId] as const,
  list: (clientId: ClientId, params: MemoryQuery) => [...memoryKeys.all(clientId), params] as const,
};

/** One page of a client's memory, searched in sources and targets. */
export const memoryQuery = (clientId: ClientId, params: MemoryQuery) =>
  queryOptions({
    queryKey: memoryKeys.list(clientId, params),
    queryFn: () =>
      unwrapPage(api.GET('/api/client/{id}/memory', { params: { path: { id: clientId }, query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

function useInvalidate(clientId: ClientId) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memoryKeys.all(clientId) });
}

export function useUpdateEntry(clientId: ClientId) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: ({ id, target }: { id: number; target: string }) =>
      unwrap(api.PUT('/api/client/{id}/memory/{entry_id}', { params: { path: { id: clientId, entry_id: id } }, body: { target } })),
    onSuccess: invalidate,
  });
}

export function useDeleteEntry(clientId: ClientId) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/api/client/{id}/memory/{entry_id}', { params: { path: { id: clientId, entry_id: id } } })),
    onSuccess: invalidate,
  });
}

export function useImportMemory(clientId: ClientId) {
  const invalidate = useInvalidate(clientId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(
        api.POST('/api/client/{id}/memory/import', {
          params: { path: { id: clientId } },
          body: { file: '' },
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: invalidate,
  });
}

export function useExportMemory(clientId: ClientId) {
  return useMutation({
    mutationFn: async () => {
      const blob = await unwrap(api.GET('/api/client/{id}/memory/export', { params: { path: { id: clientId } }, parseAs: 'blob' }));
      saveBlob(blob, `memory-${clientId}.tmx`);
    },
  });
}
