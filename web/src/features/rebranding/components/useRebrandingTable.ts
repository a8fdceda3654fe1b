import { useQuery } from '@tanstack/react-query';
import type { ClientId, RebrandingListParams } from '../../../api/types';
import { useListParams } from '../../../components/useListParams';
import { rebrandingListQuery } from '../api';
import { useConfirmDeleteRebranding } from './useConfirmDeleteRebranding';

interface Options {
  /** The first rows only (the dashboard's short list). */
  limit?: number;
  /** Only this client's projects (the client detail's tab). */
  clientId?: ClientId;
  /** Before the list's parameters in the URL, when the screen shows another list too. */
  urlPrefix?: string;
}

/** The rebranding list's view (from the URL) and its page from the server. */
export function useRebrandingTable({ limit, clientId, urlPrefix }: Options) {
  const list = useListParams({
    filters: ['q'] as const,
    defaultSort: { key: 'created', direction: 'desc' },
    prefix: urlPrefix,
    limit,
  });
  const params: RebrandingListParams = {
    ...list.params,
    sort: list.params.sort as RebrandingListParams['sort'],
    q: list.activeFilters.q,
    client_id: clientId,
  };
  const query = useQuery(rebrandingListQuery(params));
  const confirmDelete = useConfirmDeleteRebranding();
  return { list, query, confirmDelete, filtered: list.activeFilters.q !== undefined };
}
