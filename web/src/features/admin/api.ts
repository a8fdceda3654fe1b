import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

export const buildInfoQuery = () =>
  queryOptions({
    queryKey: ['build-info'] as const,
    queryFn: () => unwrap(api.GET('/api/build-info')),
    // It only changes when the server is upgraded.
    staleTime: Infinity,
  });
