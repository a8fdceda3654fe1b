// The client list: the clients screens show it, and the client pickers of translation and
// rebranding projects read it, so it lives here rather than in one of those features.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { clientKeys } from './queryKeys';

export const clientsQuery = () =>
  queryOptions({
    queryKey: clientKeys.list(),
    queryFn: () => unwrap(api.GET('/api/client')),
  });
