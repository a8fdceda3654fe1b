import { useQuery } from '@tanstack/react-query';
import { clientsQuery } from '../../../api/clients';
import type { ClientListParams } from '../../../api/types';
import { useListParams } from '../../../components/useListParams';
import { useConfirmDeleteClient } from './useConfirmDeleteClient';

/** The client list's view (from the URL; by name unless chosen otherwise) and its page. */
export function useClientTable(limit: number | undefined) {
  const list = useListParams({ filters: ['q'] as const, defaultSort: { key: 'name', direction: 'asc' }, limit });
  const params: ClientListParams = {
    ...list.params,
    sort: list.params.sort as ClientListParams['sort'],
    q: list.activeFilters.q,
  };
  const query = useQuery(clientsQuery(params));
  const confirmDelete = useConfirmDeleteClient();
  return { list, query, confirmDelete, filtered: list.activeFilters.q !== undefined };
}
