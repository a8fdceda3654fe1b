import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { clientKeys, dashboardKey } from '../../api/queryKeys';
import type { ClientId } from '../../api/types';

export const clientQuery = (id: ClientId) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/client/{id}', { params: { path: { id } } })),
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
