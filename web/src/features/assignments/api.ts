import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { allPages, api, unwrap, unwrapPage } from '../../api/client';
import { assignmentKeys, jobKeys } from '../../api/queryKeys';
import type { paths } from '../../api/schema';
import type { JobId } from '../../api/types';
import { saveBlob } from '../../components/download';

type ListPath = paths['/api/assignments'];
export type Assignment = ListPath['get']['responses'][200]['content']['application/json'][number];
export type AssignmentState = Assignment['state'];
export type Task = Assignment['task'];
export type OfferBody = paths['/api/job/{id}/assignment']['post']['requestBody']['content']['application/json'];
export type Translator =
  paths['/api/translators']['get']['responses'][200]['content']['application/json'][number];

export type Suggestion =
  paths['/api/job/{id}/translators']['get']['responses'][200]['content']['application/json'][number];

/** The translators whose profiles have the job's pair, with their rate and the job's price at it. */
export const jobTranslatorsQuery = (jobId: JobId) =>
  queryOptions({
    queryKey: assignmentKeys.suggestions('job', jobId),
    queryFn: () => unwrap(api.GET('/api/job/{id}/translators', { params: { path: { id: jobId } } })),
  });

/** The translators whose profiles have every pair of the project's jobs still to assign. */
export const projectTranslatorsQuery = (projectId: number) =>
  queryOptions({
    queryKey: assignmentKeys.suggestions('project', projectId),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/translators', { params: { path: { id: projectId } } })),
  });

/** The most assignments "My work" shows at once, the earliest due first. */
const SHOWN = 200;

/** The caller's assignments: a translator's own. */
export const myAssignmentsQuery = () =>
  queryOptions({
    queryKey: assignmentKeys.mine(),
    // Read again on every visit: confirming segments in the editor changes what may be delivered.
    staleTime: 0,
    queryFn: () => unwrapPage(api.GET('/api/assignments', { params: { query: { limit: SHOWN } } }), 0),
  });

/** A job's assignments, for staff: the open one (if any) and the ended ones. */
export const jobAssignmentsQuery = (jobId: JobId) =>
  queryOptions({
    queryKey: assignmentKeys.ofJob(jobId),
    queryFn: () => unwrapPage(api.GET('/api/assignments', { params: { query: { job_id: jobId, limit: SHOWN } } }), 0),
  });

/** Every translator's account, for the offer form. */
export const translatorsQuery = () =>
  queryOptions({
    queryKey: assignmentKeys.translators(),
    queryFn: () =>
      allPages((offset, limit) => unwrapPage(api.GET('/api/translators', { params: { query: { offset, limit } } }), offset)),
  });

/** Refreshes every assignment list and the jobs (a translator's access follows their assignments). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: jobKeys.all }),
    ]);
}

/** Staff offer a job to a translator. */
export function useOffer(jobId: JobId) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: OfferBody) =>
      unwrap(api.POST('/api/job/{id}/assignment', { params: { path: { id: jobId } }, body })),
    onSuccess: invalidate,
  });
}

/** Staff offer every job of a project that has no open assignment to one translator. */
export function useOfferProject(projectId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: OfferBody) =>
      unwrap(api.POST('/api/translation/{id}/assignments', { params: { path: { id: projectId } }, body })),
    onSuccess: invalidate,
  });
}

/** The purchase order of an accepted assignment, saved as `PO-000042.pdf`. */
export function useDownloadOrder() {
  return useMutation({
    mutationFn: async (id: number) => {
      const blob = await unwrap(
        api.GET('/api/assignments/{id}/order.pdf', { params: { path: { id } }, parseAs: 'blob' }),
      );
      saveBlob(blob, `PO-${String(id).padStart(6, '0')}.pdf`);
    },
  });
}

/** A move of the state machine: the translator's or staff's, with its reason or note. */
export type Move =
  | { action: 'accept' | 'deliver' | 'close' | 'withdraw' }
  | { action: 'decline'; reason: string }
  | { action: 'return'; note: string; segmentIds?: number[] };

export function useMove(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (move: Move) => {
      const params = { path: { id } };
      switch (move.action) {
        case 'accept':
          return unwrap(api.POST('/api/assignments/{id}/accept', { params }));
        case 'deliver':
          return unwrap(api.POST('/api/assignments/{id}/deliver', { params }));
        case 'close':
          return unwrap(api.POST('/api/assignments/{id}/close', { params }));
        case 'withdraw':
          return unwrap(api.POST('/api/assignments/{id}/withdraw', { params }));
        case 'decline':
          return unwrap(api.POST('/api/assignments/{id}/decline', { params, body: { reason: move.reason } }));
        case 'return':
          return unwrap(
            api.POST('/api/assignments/{id}/return', { params, body: { note: move.note, segment_ids: move.segmentIds ?? [] } }),
          );
      }
    },
    onSuccess: invalidate,
  });
}
