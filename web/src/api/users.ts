// Users: administration lists, adds, edits and deletes them; the account page edits one's own.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { userKeys } from './queryKeys';
import { getSession, updateSessionUser } from './session';
import type { NewUser, UserUpdate } from './types';

export const usersQuery = () =>
  queryOptions({
    queryKey: userKeys.list(),
    queryFn: () => unwrap(api.GET('/api/user')),
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
