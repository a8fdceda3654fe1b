import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { jobKeys } from '../../api/queryKeys';
import type { Job, JobId, JobUpdate } from '../../api/types';

export type { Job, JobDetail, JobId, Segment, SegmentOrigin, SegmentStatus } from '../../api/types';

export const jobQuery = (id: JobId) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/job/{id}', { params: { path: { id } } })),
  });

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
