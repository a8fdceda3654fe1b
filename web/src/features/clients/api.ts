import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, uploadWithProgress } from '../../api/client';
import { clientKeys, dashboardKey } from '../../api/queryKeys';
import type { Client, ClientId, ImportedClient } from '../../api/types';
import { saveBlob } from '../../components/download';

export const clientQuery = (id: ClientId) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/client/{id}', { params: { path: { id } } })),
  });

/** A client's customer accounts (staff only). */
export const clientPeopleQuery = (id: ClientId) =>
  queryOptions({
    queryKey: clientKeys.people(id),
    queryFn: () => unwrap(api.GET('/api/client/{id}/people', { params: { path: { id } } })),
  });

export interface ClientFormData {
  client_name: string;
  /** The SVG file; absent on edit keeps the current logo. */
  client_logo: File | null;
}

/** The multipart body of creating and updating a client: the name, and the SVG logo when one was chosen. */
function clientFormData({ client_name, client_logo }: ClientFormData): FormData {
  const form = new FormData();
  form.append('client_name', client_name);
  if (client_logo !== null) form.append('client_logo', client_logo, client_logo.name);
  return form;
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: clientKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
}

/** Creates a client when `id` is undefined, otherwise updates that client. */
export function useSaveClient(id: ClientId | undefined) {
  const invalidate = useInvalidateClients();
  return useMutation({
    mutationFn: (data: ClientFormData) => {
      const body = { client_name: data.client_name };
      const bodySerializer = () => clientFormData(data);
      return id === undefined
        ? unwrap(api.POST('/api/client', { body, bodySerializer }))
        : unwrap(api.PUT('/api/client/{id}', { params: { path: { id } }, body, bodySerializer }));
    },
    onSuccess: invalidate,
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ClientId) => unwrap(api.DELETE('/api/client/{id}', { params: { path: { id } } })),
    onSuccess: async (_answer, id) => {
      // The detail query of a deleted client must not be refetched (it would 404).
      queryClient.removeQueries({ queryKey: clientKeys.detail(id) });
      // Its translation and rebranding projects went with it: every list may have changed.
      await queryClient.invalidateQueries();
    },
  });
}

/** Downloads the client with everything of theirs as `{client name}-archive.zip` (administrators). */
export function useExportClientArchive() {
  return useMutation({
    mutationFn: async (client: Client) => {
      const blob = await unwrap(
        api.GET('/api/client/{id}/archive', { params: { path: { id: client.id } }, parseAs: 'blob' }),
      );
      saveBlob(blob, `${client.client_name}-archive.zip`);
    },
  });
}

export interface ClientArchiveUpload {
  file: File;
  /** Another name than the archive's; empty keeps the archive's. */
  client_name: string;
}

/** POST /api/client/archive as multipart, reporting upload progress (administrators). */
export function useImportClientArchive(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, client_name }: ClientArchiveUpload) => {
      const form = new FormData();
      form.append('file', file, file.name);
      if (client_name.trim() !== '') form.append('client_name', client_name.trim());
      return uploadWithProgress<ImportedClient>('/api/client/archive', form, onProgress);
    },
    // A new client with projects: every list may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
