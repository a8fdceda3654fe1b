import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { assignmentKeys, userKeys } from './queryKeys';
import type { paths } from './schema';

export type TranslatorProfile =
  paths['/api/account/translator-profile']['get']['responses'][200]['content']['application/json'];
export type ProfileBody =
  paths['/api/user/{username}/translator-profile']['put']['requestBody']['content']['application/json'];

/** A translator's profile, for who manages users. */
export const translatorProfileQuery = (username: string) =>
  queryOptions({
    queryKey: userKeys.translatorProfile(username),
    queryFn: () =>
      unwrap(api.GET('/api/user/{username}/translator-profile', { params: { path: { username } } })),
  });

/** The signed-in translator's own profile. */
export const ownTranslatorProfileQuery = () =>
  queryOptions({
    queryKey: userKeys.ownTranslatorProfile(),
    queryFn: () => unwrap(api.GET('/api/account/translator-profile')),
  });

/** Replaces a translator's profile; the assign forms' suggestions follow it. */
export function useSaveTranslatorProfile(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) =>
      unwrap(api.PUT('/api/user/{username}/translator-profile', { params: { path: { username } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.translatorProfile(username), saved);
      return queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
    },
  });
}

/** The translator sets their own availability note. */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: string | null) =>
      unwrap(api.PUT('/api/account/translator-profile', { body: { availability } })),
    onSuccess: (saved) => queryClient.setQueryData(userKeys.ownTranslatorProfile(), saved),
  });
}
