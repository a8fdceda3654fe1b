import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pendingJson, unwrap } from '../../api/client';

export const buildInfoQuery = () =>
  queryOptions({
    queryKey: ['build-info'] as const,
    queryFn: () => unwrap(api.GET('/api/build-info')),
    // It only changes when the server is upgraded.
    staleTime: Infinity,
  });

// ---- Types written by hand from /work/notes/translation-contract.md ("MT settings"). To be
// ---- replaced by types derived from `paths` once the server's OpenAPI document has them.
export const MT_PROVIDERS = ['deepl', 'google', 'libretranslate', 'openai', 'pseudo', 'none'] as const;
export type MtProvider = (typeof MT_PROVIDERS)[number];

export interface MtSettings {
  provider: MtProvider;
  api_key_set: boolean;
  /** The key's last 4 characters; the key itself never comes back. */
  api_key_hint: string | null;
  base_url: string | null;
  model: string | null;
  formality: string | null;
  glossary_id: string | null;
  english_variant: 'en-gb' | 'en-us';
  source: 'environment' | 'settings';
}

export interface MtSettingsUpdate {
  provider: MtProvider;
  /** Absent keeps the stored key, '' clears it. */
  api_key?: string;
  base_url?: string | null;
  model?: string | null;
  formality?: string | null;
  glossary_id?: string | null;
  english_variant?: 'en-gb' | 'en-us';
}

export interface MtTestResult {
  ok: boolean;
  message: string;
  usage: { characters_used: number; characters_limit: number } | null;
}
// ---- end of hand-written types

const mtSettingsKey = ['settings', 'mt'] as const;

export const mtSettingsQuery = () =>
  queryOptions({
    queryKey: mtSettingsKey,
    queryFn: () => pendingJson<MtSettings>('/api/settings/mt'),
  });

export function useSaveMtSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MtSettingsUpdate) =>
      pendingJson<MtSettings>('/api/settings/mt', { method: 'PUT', body: JSON.stringify(update) }),
    onSuccess: (saved) => queryClient.setQueryData(mtSettingsKey, saved),
  });
}

export function useTestMtConnection() {
  return useMutation({
    mutationFn: () => pendingJson<MtTestResult>('/api/settings/mt/test', { method: 'POST' }),
  });
}
