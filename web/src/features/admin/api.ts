import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { buildInfoKey, mtSettingsKey } from '../../api/queryKeys';
import type { MtSettingsUpdate } from '../../api/types';

export const buildInfoQuery = () =>
  queryOptions({
    queryKey: buildInfoKey,
    queryFn: () => unwrap(api.GET('/api/build-info')),
    // It only changes when the server is upgraded.
    staleTime: Infinity,
  });

export const MT_PROVIDERS = ['deepl', 'google', 'libretranslate', 'openai', 'pseudo', 'none'] as const;
export type MtProvider = (typeof MT_PROVIDERS)[number];
export type { MtSettings, MtSettingsUpdate, MtTestResult } from '../../api/types';

export const mtSettingsQuery = () =>
  queryOptions({
    queryKey: mtSettingsKey,
    queryFn: () => unwrap(api.GET('/api/settings/mt')),
  });

export function useSaveMtSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MtSettingsUpdate) => unwrap(api.PUT('/api/settings/mt', { body: update })),
    onSuccess: (saved) => queryClient.setQueryData(mtSettingsKey, saved),
  });
}

export function useTestMtConnection() {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/settings/mt/test')),
  });
}
