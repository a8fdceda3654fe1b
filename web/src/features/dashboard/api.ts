import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** Invalidate this key after creating or deleting clients or projects. */
export const dashboardKey = ['dashboard'] as const;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKey,
    queryFn: () => unwrap(api.GET('/api/dashboard')),
  });
