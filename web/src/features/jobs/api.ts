import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, requestJson, unwrap } from '../../api/client';
import { jobKeys } from '../../api/queryKeys';
import type { SegmentChange } from '../../api/review';
import type { Job, JobId, JobUpdate, Segment } from '../../api/types';

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
    queryFn: () => requestJson<SegmentChange[]>(`/api/job/${jobId}/segments/${segmentId}/history`),
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
