import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../api/client';
import { jobKeys } from '../../api/queryKeys';
import type { paths } from '../../api/schema';
import type { EditConflict, Job, JobId, JobUpdate, Segment, StaleEdit } from '../../api/types';

type JsonBody<P extends keyof paths> = paths[P] extends { put: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

export type { Job, JobDetail, JobId, Segment, SegmentOrigin, SegmentStatus } from '../../api/types';

export const jobQuery = (id: JobId) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/job/{id}', { params: { path: { id } } })),
  });

/** The best three memory matches of a segment, best first. */
export const matchesQuery = (jobId: JobId, segmentId: number) =>
  queryOptions({
    queryKey: jobKeys.matches(jobId, segmentId),
    queryFn: () =>
      unwrap(api.GET('/api/job/{id}/segments/{segment_id}/matches', { params: { path: { id: jobId, segment_id: segmentId } } })),
    staleTime: 60_000,
  });

/** The entries of the job's client's memory (its language pair) holding `q`. */
export const concordanceQuery = (jobId: JobId, q: string) =>
  queryOptions({
    queryKey: [...jobKeys.all, 'concordance', jobId, q] as const,
    queryFn: () => unwrap(api.GET('/api/job/{id}/concordance', { params: { path: { id: jobId }, query: { q } } })),
    enabled: q.trim() !== '',
  });

/** The comment threads of the job's segments. */
export const jobCommentsQuery = (jobId: JobId) =>
  queryOptions({
    queryKey: [...jobKeys.all, 'comments', jobId] as const,
    queryFn: () => unwrap(api.GET('/api/job/{id}/comments', { params: { path: { id: jobId }, query: {} } })),
  });

export type { CommentThread } from '../../api/review';

/** Comments on a segment of the job. */
export const commentOn = (jobId: JobId, segmentId: number, body: string) =>
  unwrap(api.POST('/api/job/{id}/comments', { params: { path: { id: jobId } }, body: { segment_id: segmentId, body } }));

/** Resolves (or reopens) a segment's thread. */
export const resolveThread = (jobId: JobId, segmentId: number, resolved: boolean) =>
  unwrap(
    api.POST('/api/job/{id}/comments/{segment_id}/resolve', {
      params: { path: { id: jobId, segment_id: segmentId } },
      body: { resolved },
    }),
  );

export type SegmentSave = JsonBody<'/api/job/{id}/segments/{segment_id}'>;

/** Saves one segment's target, a draft or confirmed: answers the segment as saved. */
export const saveSegment = (jobId: JobId, segmentId: number, body: SegmentSave) =>
  unwrap(api.PUT('/api/job/{id}/segments/{segment_id}', { params: { path: { id: jobId, segment_id: segmentId } }, body }));

/** Acknowledges one QA warning of a segment (its text kept): answers the segment. */
export const acknowledgeWarning = (jobId: JobId, segmentId: number, flag: { kind: string; message: string }) =>
  unwrap(
    api.POST('/api/job/{id}/segments/{segment_id}/qa/acknowledge', {
      params: { path: { id: jobId, segment_id: segmentId } },
      body: { kind: flag.kind, message: flag.message },
    }),
  );

/** The segment's QA warnings nobody acknowledged: delivery waits for each to be fixed or acknowledged. */
export function openWarnings(segment: Segment): Segment['qa_flags'] {
  const acknowledged = segment.qa_acknowledged;
  return segment.qa_flags.filter((flag) => !acknowledged.some((ack) => ack.kind === flag.kind && ack.message === flag.message));
}

/** A segment's changes, oldest first: who (a user, a review link, the system), when, from what. */
export const historyQuery = (jobId: JobId, segmentId: number) =>
  queryOptions({
    queryKey: jobKeys.history(jobId, segmentId),
    queryFn: () =>
      unwrap(api.GET('/api/job/{id}/segments/{segment_id}/history', { params: { path: { id: jobId, segment_id: segmentId } } })),
  });

/**
 * An open review's draft of the segment when it differs from the target (`review_draft` of the
 * review contract), so staff see both versions; null without one.
 */
export function reviewDraftOf(segment: Segment): string | null {
  const draft = (segment as Segment & { review_draft?: string | null }).review_draft;
  return typeof draft === 'string' ? draft : null;
}

export type { SegmentChange } from '../../api/review';
export type { StaleEdit } from '../../api/types';

/**
 * The server's answer when the segment was saved by someone else after the editor opened it:
 * what it holds now and its revision; null for any other failure.
 */
export function staleEditOf(error: unknown, segmentId: number): StaleEdit | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = (error.body as EditConflict | null)?.conflicts ?? [];
  return conflicts.find((conflict) => conflict.id === segmentId) ?? null;
}

export type SegmentEdit = NonNullable<JobUpdate['segments']>[number];

/**
 * Saves edited targets (PUT /api/job/{id} with `segments`); the server QA-checks each.
 * `onSaved` lets the owner of the job's project refresh it (its translated counts change).
 */
export function useSaveSegments(job: Job, onSaved?: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segments: SegmentEdit[]) =>
      unwrap(api.PUT('/api/job/{id}', { params: { path: { id: job.id } }, body: { ...jobFields(job), segments } })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(jobKeys.detail(job.id), saved);
      await onSaved?.();
    },
  });
}

/** The job's own fields as the app holds them: a PUT sends the whole job, not only its segments. */
function jobFields({ file_name, post_type, source_lang, target_lang }: Job): JobUpdate {
  return { file_name, post_type, source_lang, target_lang };
}
