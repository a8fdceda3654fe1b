// The staff's side of the browser review (the server's `browser_review`): a project's review
// links and its customers' comments. The customer's side is `features/browserReview`.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../api/client';
import { translationKeys } from '../../api/queryKeys';
import type { CommentThread, ReviewComment, ReviewLink, ReviewLinkCreate, ReviewLinkCreated } from '../../api/review';
import type { ProjectId } from '../../api/types';

export type { CommentThread, ReviewComment, ReviewLink, ReviewLinkCreate, ReviewLinkCreated } from '../../api/review';

export type ThreadState = 'open' | 'resolved' | 'all';

const base = (id: ProjectId) => `/api/translation/${id}`;

export const reviewLinksQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.reviewLinks(id),
    queryFn: () => requestJson<ReviewLink[]>(`${base(id)}/review-links`),
  });

export const commentsQuery = (id: ProjectId, state: ThreadState) =>
  queryOptions({
    queryKey: translationKeys.comments(id, state),
    queryFn: () => requestJson<CommentThread[]>(`${base(id)}/comments?state=${state}`),
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
    mutationFn: (body: ReviewLinkCreate) => requestJson<ReviewLinkCreated>(`${base(id)}/review-links`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRevokeReviewLink(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (linkId: number) => requestJson<ReviewLink>(`${base(id)}/review-links/${linkId}/revoke`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export function useExtendReviewLink(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ linkId, days }: { linkId: number; days: number }) =>
      requestJson<ReviewLink>(`${base(id)}/review-links/${linkId}/extend`, { method: 'POST', body: { days } }),
    onSuccess: refresh,
  });
}

export function useReplyToThread(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ segmentId, body }: { segmentId: number; body: string }) =>
      requestJson<ReviewComment>(`${base(id)}/comments`, { method: 'POST', body: { segment_id: segmentId, body } }),
    onSuccess: refresh,
  });
}

export function useResolveThread(id: ProjectId) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ segmentId, resolved }: { segmentId: number; resolved: boolean }) =>
      requestJson<CommentThread>(`${base(id)}/comments/${segmentId}/resolve`, { method: 'POST', body: { resolved } }),
    onSuccess: refresh,
  });
}

/** Expiry in days: 1–90, 14 unless chosen. */
export const EXPIRY_DAYS = { min: 1, max: 90, default: 14 } as const;
export const NOTE_MAX = 4000;
