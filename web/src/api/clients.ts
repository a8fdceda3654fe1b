// The client list: the clients screens show it, and the client pickers of translation and
// rebranding projects read it, so it lives here rather than in one of those features.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { allPages, api, unwrapPage } from './client';
import { clientKeys } from './queryKeys';
import type { ClientListParams } from './types';

/** One page of the client list (the next page keeps the previous one shown while it loads). */
export const clientsQuery = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/client', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

/** Every client by name, for the pickers: page after page, however many there are. */
export const clientOptionsQuery = () =>
  queryOptions({
    queryKey: clientKeys.options(),
    queryFn: () =>
      allPages((offset, limit) =>
        unwrapPage(api.GET('/api/client', { params: { query: { sort: 'name', offset, limit } } }), offset),
      ),
  });

