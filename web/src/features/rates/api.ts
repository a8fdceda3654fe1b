import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { paths } from '../../api/schema';
import type { ClientId } from '../../api/types';

type ClientSchemePath = paths['/api/client/{id}/rate-scheme'];
export type SchemeAnswer = ClientSchemePath['get']['responses'][200]['content']['application/json'];
export type RateScheme = ClientSchemePath['put']['requestBody']['content']['application/json'];

/** `null`: the agency's default. */
export type SchemeOwner = ClientId | null;

export const rateKeys = {
  all: ['rate-scheme'] as const,
  of: (owner: SchemeOwner) => [...rateKeys.all, owner ?? 'default'] as const,
};

export const schemeQuery = (owner: SchemeOwner) =>
  queryOptions({
    queryKey: rateKeys.of(owner),
    queryFn: () =>
      unwrap(
        owner === null
          ? api.GET('/api/settings/rate-scheme')
          : api.GET('/api/client/{id}/rate-scheme', { params: { path: { id: owner } } }),
      ),
  });

/** Saves the scheme; every cached scheme (and so every client's that inherits) is read again. */
export function useSaveScheme(owner: SchemeOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateScheme) =>
      unwrap(
        owner === null
          ? api.PUT('/api/settings/rate-scheme', { body })
          : api.PUT('/api/client/{id}/rate-scheme', { params: { path: { id: owner } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.all }),
  });
}

/** Removes a client's own scheme: the default applies again. */
export function useRemoveScheme(clientId: ClientId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/client/{id}/rate-scheme', { params: { path: { id: clientId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.all }),
  });
}
