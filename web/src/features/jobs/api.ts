import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { pendingJson } from '../../api/client';

// ---- Types written by hand from /work/notes/translation-contract.md ("Jobs"). To be replaced by
// ---- types derived from `paths` (see src/api/types.ts) once the server's OpenAPI document has them.
export type JobId = number;

export interface Job {
  id: JobId;
  project_id: number;
  wpml_id: string | null;
  file_name: string;
  post_type: string | null;
  source_lang: string | null;
  target_lang: string | null;
  xliff_version: string;
  segment_count: number;
  translated_count: number;
  date_created: string;
}

export type SegmentOrigin = 'none' | 'file' | 'memory' | 'mt' | 'pseudo' | 'source' | 'customer' | 'editor';
export type SegmentStatus = 'new' | 'translated' | 'needs_review' | 'reviewed';

export interface QaFlag {
  kind: string;
  message: string;
}

export interface Segment {
  id: number;
  position: number;
  unit_key: string;
  unit_id: string;
  resname: string | null;
  translatable: boolean;
  markup: 'html' | 'xliff';
  source: string;
  target: string | null;
  mt_target: string | null;
  origin: SegmentOrigin;
  status: SegmentStatus;
  qa_flags: QaFlag[];
  comment: string | null;
}

export interface JobDetail extends Job {
  project: { id: number; name: string };
  segments: Segment[];
}
// ---- end of hand-written types

export const jobKeys = {
  all: ['jobs'] as const,
  detail: (id: JobId) => [...jobKeys.all, 'detail', id] as const,
};

export const jobQuery = (id: JobId) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: () => pendingJson<JobDetail>(`/api/job/${id}`),
  });

export interface SegmentEdit {
  id: number;
  target: string;
}

/** Saves edited targets (PUT /api/job/{id} with `segments`); the server QA-checks each. */
export function useSaveSegments(job: Job) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (segments: SegmentEdit[]) =>
      pendingJson<JobDetail>(`/api/job/${job.id}`, {
        method: 'PUT',
        body: JSON.stringify({ ...jobFields(job), segments }),
      }),
    onSuccess: (saved) => queryClient.setQueryData(jobKeys.detail(job.id), saved),
  });
}

/** The job object without its segments and project (the contract's "JSON job object"). */
function jobFields(job: Job): Job {
  const { id, project_id, wpml_id, file_name, post_type, source_lang, target_lang, xliff_version } = job;
  return {
    id,
    project_id,
    wpml_id,
    file_name,
    post_type,
    source_lang,
    target_lang,
    xliff_version,
    segment_count: job.segment_count,
    translated_count: job.translated_count,
    date_created: job.date_created,
  };
}

/** Deletes a job; `onDeleted` lets the owner of a job list refresh it. */
export function useDeleteJob(onDeleted?: (id: JobId) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: JobId) => pendingJson<undefined>(`/api/job/${id}`, { method: 'DELETE' }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: jobKeys.detail(id) });
      await onDeleted?.(id);
    },
  });
}
