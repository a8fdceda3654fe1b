import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { dashboardKey } from '../../api/queryKeys';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: () => unwrap(api.GET('/api/dashboard')),
  });
