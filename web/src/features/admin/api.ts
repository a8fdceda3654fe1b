import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { auditKeys, buildInfoKey, mtSettingsKey } from '../../api/queryKeys';
import type { AuditEvent, AuditFilters, AuditQuery, MtSettingsUpdate } from '../../api/types';
import { saveBlob } from '../../components/download';

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

/** One page of the audit log, the number of events matching the filters, and the events this
 * server could not store (its log holds them). */
export interface AuditPage {
  events: AuditEvent[];
  total: number;
  writeFailures: number;
}

export const auditEventsQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: async (): Promise<AuditPage> => {
      const call = api.GET('/api/audit', { params: { query } });
      const events = await unwrap(call);
      const { headers } = (await call).response;
      return {
        events,
        total: Number(headers.get('X-Total-Count') ?? events.length),
        writeFailures: Number(headers.get('X-Audit-Write-Failures') ?? 0),
      };
    },
    // The table keeps the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const blob = await unwrap(api.GET('/api/audit/export', { params: { query: filters }, parseAs: 'blob' }));
      saveBlob(blob, `wordmark-audit-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}

export const invitationsKey = ['invitations'] as const;

/** The latest invitations, newest first, with where each stands. */
export const invitationsQuery = () =>
  queryOptions({
    queryKey: invitationsKey,
    queryFn: () => unwrap(api.GET('/api/invitations', { params: { query: { limit: 200 } } })),
  });

/** Withdraws an open invitation: its link stops working. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/invitations/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey }),
  });
}
