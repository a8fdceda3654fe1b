// The staff's side of the browser review (the server's `browser_review`): a project's review
// links and its customers' comments. The customer's side is `features/browserReview`.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { translationKeys } from '../../api/queryKeys';
import type { ReviewLinkCreate } from '../../api/review';
import type { ProjectId } from '../../api/types';

export type { CommentThread, ReviewComment, ReviewLink, ReviewLinkCreate, ReviewLinkCreated } from '../../api/review';

export type ThreadState = 'open' | 'resolved' | 'all';

const ofProject = (id: ProjectId) => ({ params: { path: { id } } });
const ofLink = (id: ProjectId, linkId: number) => ({ params: { path: { id, link_id: linkId } } });

export const reviewLinksQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.reviewLinks(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/review-links', ofProject(id))),
  });

export const commentsQuery = (id: ProjectId, state: ThreadState) =>
  queryOptions({
    queryKey: translationKeys.comments(id, state),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/comments', { params: { path: { id }, query: { state } } })),
  });

/** After a change to links or comments: the lists, and the project (its status may move). */
function useRefresh(id: ProjectId) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: translationKeys.reviewLinks(id) }),
      queryClient.invalidateQueries({ queryKey: translationKeys.comments(id) }),
      queryClient.invalidateQueries({ queryKey: translationKeys.detail(id) }),
    ]);
}

export function useCreateReviewLink(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: ReviewLinkCreate) => unwrap(api.POST('/api/translation/{id}/review-links', { ...ofProject(id), body })),
    onSuccess: refresh,
  });
}

export function useRevokeReviewLink(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (linkId: number) => unwrap(api.POST('/api/translation/{id}/review-links/{link_id}/revoke', ofLink(id, linkId))),
    onSuccess: refresh,
  });
}

export function useExtendReviewLink(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ linkId, days }: { linkId: number; days: number }) =>
      unwrap(api.POST('/api/translation/{id}/review-links/{link_id}/extend', { ...ofLink(id, linkId), body: { days } })),
    onSuccess: refresh,
  });
}

export function useReplyToThread(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ segmentId, body }: { segmentId: number; body: string }) =>
      unwrap(api.POST('/api/translation/{id}/comments', { ...ofProject(id), body: { segment_id: segmentId, body } })),
    onSuccess: refresh,
  });
}

export function useResolveThread(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ segmentId, resolved }: { segmentId: number; resolved: boolean }) =>
      unwrap(
        api.POST('/api/translation/{id}/comments/{segment_id}/resolve', {
          params: { path: { id, segment_id: segmentId } },
          body: { resolved },
        }),
      ),
    onSuccess: refresh,
  });
}

/** Expiry in days: 1–90, 14 unless chosen. */
export const EXPIRY_DAYS = { min: 1, max: 90, default: 14 } as const;
export const NOTE_MAX = 4000;
