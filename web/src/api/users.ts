// Users: administration lists, adds, edits and deletes them; the account page edits one's own.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from './client';
import { userKeys } from './queryKeys';
import { getSession, updateSessionUser } from './session';
import type { NewUser, UserListParams, UserUpdate } from './types';

/** One page of the user list (the next page keeps the previous one shown while it loads). */
export const usersQuery = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/user', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const userQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.detail(username),
    queryFn: () => unwrap(api.GET('/api/user/{username}', { params: { path: { username } } })),
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: NewUser) => unwrap(api.POST('/api/user', { body: user })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserUpdate) =>
      unwrap(api.PUT('/api/user/{username}', { params: { path: { username } }, body: changes })),
    onSuccess: (saved) => {
      // The header greets with the session's names: keep them in step when editing oneself.
      if (getSession()?.user_object.username === username) {
        updateSessionUser({
          first_name: saved.first_name,
          last_name: saved.last_name,
          email: saved.email,
          role: saved.role,
        });
      }
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      unwrap(api.DELETE('/api/user/{username}', { params: { path: { username } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
