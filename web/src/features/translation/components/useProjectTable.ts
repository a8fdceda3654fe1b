import { useQuery } from '@tanstack/react-query';
import { clientOptionsQuery } from '../../../api/clients';
import type { ClientId, ProjectListParams } from '../../../api/types';
import { useListParams } from '../../../components/useListParams';
import { projectsQuery, type ProjectStatus } from '../api';
import { useConfirmDeleteProject } from './useConfirmDeleteProject';

/** The filters of the project list, by their parameter names (the same in the URL and the call). */
export const PROJECT_FILTERS = ['q', 'client_id', 'status', 'target_lang'] as const;

interface Options {
  /** The first rows only (the dashboard's short list). */
  limit?: number;
  /** Only this client's projects (the client detail's tab): no client filter then. */
  clientId?: ClientId;
  /** Before the list's parameters in the URL, when the screen shows another list too. */
  urlPrefix?: string;
}

/** The project list's view (from the URL), its page from the server, and what its filters offer. */
export function useProjectTable({ limit, clientId, urlPrefix }: Options) {
  const list = useListParams({
    filters: PROJECT_FILTERS,
    defaultSort: { key: 'created', direction: 'desc' },
    prefix: urlPrefix,
    limit,
  });
  const { q, client_id, status, target_lang } = list.activeFilters;
  const chosenClient = client_id === undefined ? undefined : Number(client_id);
  const params: ProjectListParams = {
    ...list.params,
    sort: list.params.sort as ProjectListParams['sort'],
    q,
    client_id: clientId ?? (Number.isInteger(chosenClient) ? chosenClient : undefined),
    status: status as ProjectStatus | undefined,
    target_lang,
  };
  const query = useQuery(projectsQuery(params));
  // The client picker's options; not needed when the list is one client's or a short one.
  const clients = useQuery({ ...clientOptionsQuery(), enabled: clientId === undefined && !list.limited });
  const confirmDelete = useConfirmDeleteProject();
  return {
    list,
    query,
    clientOptions: (clients.data ?? []).map((c) => ({ value: String(c.id), label: c.client_name })),
    showClientFilter: clientId === undefined,
    filtered: Object.keys(list.activeFilters).length > 0,
    confirmDelete,
  };
}
