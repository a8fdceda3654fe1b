// The customer's review calls: /api/review/{token}/…, where the token in the path is the
// credential. They carry a signed-in customer's token: their own review (opened from the portal)
// answers only their session; the links staff send ignore it. A staff session is never sent (a
// staff member opening a customer's link in the same browser stays a customer there), and a 401
// signs nobody out.
import { queryOptions } from '@tanstack/react-query';
import { reviewApi, unwrap } from '../../api/client';

export type * from '../../api/review';

/** The path parameters of a call on `segmentId` through the link `token`. */
const onSegment = (token: string, segmentId: number) => ({ params: { path: { token, segment_id: segmentId } } });

export const reviewKeys = {
  all: (token: string) => ['review', token] as const,
  start: (token: string) => [...reviewKeys.all(token), 'start'] as const,
  job: (token: string, jobId: number) => [...reviewKeys.all(token), 'job', jobId] as const,
};

/** A 401/403/404/410 will not change by asking again; anything else is tried once more. */
const retry = (count: number, error: Error) => count < 1 && !('status' in error && [401, 403, 404, 410, 429].includes(error.status as number));

export const startQuery = (token: string) =>
  queryOptions({
    queryKey: reviewKeys.start(token),
    queryFn: () => unwrap(reviewApi.GET('/api/review/{token}', { params: { path: { token } } })),
    retry,
    // Every change the customer makes marks it stale (useReviewRows); nothing else changes it
    // often, so it is not fetched again on every screen.
    staleTime: 5 * 60_000,
  });

export const jobQuery = (token: string, jobId: number) =>
  queryOptions({
    queryKey: reviewKeys.job(token, jobId),
    queryFn: () => unwrap(reviewApi.GET('/api/review/{token}/jobs/{job_id}', { params: { path: { token, job_id: jobId } } })),
    retry,
    // The page holds the customer's edits in its own state: a refetch must not reset them.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The client's logo (a sanitised SVG), shown as an image. */
export const logoUrl = (token: string) => `/api/review/${encodeURIComponent(token)}/logo`;

export const saveDraft = (token: string, segmentId: number, text: string, baseRevision: number) =>
  unwrap(
    reviewApi.PUT('/api/review/{token}/segments/{segment_id}', {
      ...onSegment(token, segmentId),
      body: { text, base_revision: baseRevision },
    }),
  );

export const setApproved = (token: string, segmentId: number, approved: boolean) =>
  unwrap(reviewApi.POST('/api/review/{token}/segments/{segment_id}/approve', { ...onSegment(token, segmentId), body: { approved } }));

export const revertSegment = (token: string, segmentId: number) =>
  unwrap(reviewApi.POST('/api/review/{token}/segments/{segment_id}/revert', onSegment(token, segmentId)));

export const addComment = (token: string, segmentId: number, body: string) =>
  unwrap(reviewApi.POST('/api/review/{token}/segments/{segment_id}/comments', { ...onSegment(token, segmentId), body: { body } }));

export const submitReview = (token: string) =>
  unwrap(reviewApi.POST('/api/review/{token}/submit', { params: { path: { token } } }));
