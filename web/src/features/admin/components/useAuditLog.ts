import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usersQuery } from '../../../api/users';
import type { AuditFilters } from '../../../api/types';
import { alertFailure } from '../../../components/messages';
import { auditEventsQuery, useExportAuditLog } from '../api';
import { isAuditAction } from '../auditActions';

export const AUDIT_PAGE_SIZE = 50;

/** The URL's search parameters the audit log keeps its filters and page in. */
type Param = 'action' | 'user' | 'from' | 'to' | 'page';

/** Filters and page live in the URL, so a filtered view can be bookmarked, shared and reloaded. */
export function useAuditLog() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const username = params.get('user') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  // The user box is typed into: it goes to the URL (and the server) once typing pauses.
  const [userInput, setUserInput] = useState(username);

  const filters: AuditFilters = {
    action: isAuditAction(action) ? action : undefined,
    username: username || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const events = useQuery(auditEventsQuery({ ...filters, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }));
  // Suggestions for the user filter: the first 200 usernames (the filter takes any name).
  const users = useQuery(usersQuery({ limit: 200, sort: 'username' }));
  const exportLog = useExportAuditLog();

  const set = (name: Param, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '' || (name === 'page' && value === '1')) next.delete(name);
        else next.set(name, value);
        // Another filter shows other events: start again on the first page.
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const commitUser = useDebouncedCallback((value: string) => set('user', value.trim()), 400);

  return {
    action: filters.action ?? null,
    setAction: (value: string | null) => set('action', value ?? ''),
    userInput,
    setUser: (value: string) => {
      setUserInput(value);
      commitUser(value);
    },
    usernames: users.data?.rows.map((user) => user.username) ?? [],
    from,
    setFrom: (value: string) => set('from', value),
    to,
    setTo: (value: string) => set('to', value),
    page,
    setPage: (value: number) => set('page', String(value)),
    events,
    exporting: exportLog.isPending,
    exportCsv: () =>
      exportLog.mutate(filters, {
        onError: (error) => alertFailure(error, 'Could not export the audit log', 'Could not export the audit log. Please check your console for more info'),
      }),
  };
}
