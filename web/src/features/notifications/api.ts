// The signed-in user's notifications: the bell's count (refetched every minute and when the
// window regains focus), the latest ones, marking read.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '../../api/client';

const KEY = ['notifications'] as const;

export function useUnreadCount() {
  return useQuery({
    queryKey: [...KEY, 'unread-count'],
    queryFn: () => unwrap(api.GET('/api/notifications/unread-count')),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

/** The latest notifications, unread first. */
export function useLatest(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'latest'],
    queryFn: () => unwrap(api.GET('/api/notifications', { params: { query: { limit: 20 } } })),
    enabled,
    staleTime: 0,
  });
}

/** Notifications shown per page of the notifications screen. */
export const PAGE_SIZE = 20;

/** One page of the notifications screen, newest first; only the unread ones when asked. */
export function useNotificationPage(page: number, unreadOnly: boolean) {
  const offset = (page - 1) * PAGE_SIZE;
  return useQuery({
    queryKey: [...KEY, 'page', page, unreadOnly],
    queryFn: () =>
      unwrapPage(
        api.GET('/api/notifications', {
          params: { query: { sort: 'date', limit: PAGE_SIZE, offset, ...(unreadOnly ? { unread: true } : {}) } },
        }),
        offset,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      id === 'all'
        ? unwrap(api.POST('/api/notifications/read-all'))
        : unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
