import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../api/client';
import { jobKeys } from '../../api/queryKeys';
import type { EditConflict, Job, JobId, JobUpdate, Segment, StaleEdit } from '../../api/types';

export type { Job, JobDetail, JobId, Segment, SegmentOrigin, SegmentStatus } from '../../api/types';

export const jobQuery = (id: JobId) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/job/{id}', { params: { path: { id } } })),
  });

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
