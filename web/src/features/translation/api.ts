import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, unwrapPage, uploadWithProgress } from '../../api/client';
import { dashboardKey, jobKeys, translationKeys } from '../../api/queryKeys';
import type { ClientId, CreatedProject, JobId, ProjectId, ProjectListParams, ProjectStatus } from '../../api/types';

export type {
  CreatedProject,
  ImportedProject,
  Job,
  ImportFileReport,
  ImportReport,
  Project,
  ProjectId,
  ProjectStatus,
  RunLine,
  RunStatus,
} from '../../api/types';

/** A project's statuses in workflow order: each step of the work moves it one further. */
export const PROJECT_STATUSES: readonly ProjectStatus[] = [
  'Created',
  'Pretranslated',
  'Translations_In_Correction',
  'Translations_Corrected',
  'Completed',
];


/** One page of the project list (the next page keeps the previous one shown while it loads). */
export const projectsQuery = (params: ProjectListParams) =>
  queryOptions({
    queryKey: translationKeys.list(params),
    queryFn: () => unwrapPage(api.GET('/api/translation', { params: { query: params } }), params.offset ?? 0),
    placeholderData: keepPreviousData,
  });

export const projectQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}', { params: { path: { id } } })),
  });

/** Polling interval while a pre-translation run is going on. */
export const RUN_POLL_MS = 1000;

export const runQuery = (id: ProjectId) =>
  queryOptions({
    queryKey: translationKeys.run(id),
    queryFn: () => unwrap(api.GET('/api/translation/{id}/pretranslate', { params: { path: { id } } })),
    // The run goes on on the server, whether or not this page stays open: poll while it does,
    // stop when it ends.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? RUN_POLL_MS : false),
    staleTime: 0,
  });

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: translationKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKey }),
    ]);
}

export interface NewProject {
  project_name: string;
  client_id: ClientId | null;
  project_files: File;
}

/** POST /api/translation as multipart (name, client, the zip), reporting upload progress. */
export function useCreateProject(onProgress: (fraction: number) => void) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ project_name, client_id, project_files }: NewProject) => {
      const form = new FormData();
      form.append('project_name', project_name);
      form.append('client_id', client_id === null ? '' : String(client_id));
      form.append('project_files', project_files, project_files.name);
      return uploadWithProgress<CreatedProject>('/api/translation', form, onProgress);
    },
    onSuccess: invalidate,
  });
}

export interface ProjectChanges {
  project_name: string;
  /** Absent keeps the status (an unknown one cannot be sent back). */
  project_status?: ProjectStatus;
}

/** PUT /api/translation/{id}: a new name, and a status when one is chosen. */
export function useUpdateProject(id: ProjectId) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (changes: ProjectChanges) => {
      // The payload carries the id too (the server ignores it and uses the path's).
      const body = { project_id: id, ...changes };
      return unwrap(api.PUT('/api/translation/{id}', { params: { path: { id } }, body }));
    },
    onSuccess: async (project) => {
      queryClient.setQueryData(translationKeys.detail(id), project);
      await invalidate();
    },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: ProjectId) => unwrap(api.DELETE('/api/translation/{id}', { params: { path: { id } } })),
    onSuccess: async (_answer, id) => {
      // The detail of a deleted project must not be refetched (it would 404).
      queryClient.removeQueries({ queryKey: translationKeys.detail(id) });
      queryClient.removeQueries({ queryKey: translationKeys.run(id) });
      await invalidate();
    },
  });
}

/** Deletes one job (file) of a project; the project's counts and job list change with it. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: JobId) => unwrap(api.DELETE('/api/job/{id}', { params: { path: { id } } })),
    onSuccess: async (_answer, id) => {
      // The job's page must not refetch a deleted job (it would 404).
      queryClient.removeQueries({ queryKey: jobKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: translationKeys.all });
    },
  });
}

/** POST /api/translation/{id}/job with one XLIFF/XML file in `job_files`. */
export function useAddJob(id: ProjectId) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (file: File) => {
      const bodySerializer = () => {
        const form = new FormData();
        form.append('job_files', file, file.name);
        return form;
      };
      return unwrap(
        api.POST('/api/translation/{id}/job', { params: { path: { id } }, body: { job_files: file.name }, bodySerializer }),
      );
    },
    onSuccess: invalidate,
  });
}

/** Starts (or resumes) the server-side pre-translation run. */
export function useStartPretranslation(id: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/translation/{id}/pretranslate', { params: { path: { id } } })),
    onSuccess: (run) => queryClient.setQueryData(translationKeys.run(id), run),
  });
}

/** The archive behind one of the download buttons, as a blob. */
export async function downloadArchive(id: ProjectId, kind: 'xlsx' | 'xliff'): Promise<Blob> {
  const options = { params: { path: { id } }, parseAs: 'blob' as const };
  // openapi-fetch gives no data at all for an empty body: that is an empty archive too.
  const blob = (await unwrap(
    kind === 'xlsx'
      ? api.POST('/api/translation/{id}/download-xlsx', options)
      : api.POST('/api/translation/{id}/download-xliff', options),
  )) as Blob | undefined;
  return blob ?? new Blob([]);
}

/** POST /api/translation/{id}/upload-xlsx with one zip in `xlsx_files`. */
export function useImportXlsx(id: ProjectId) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (file: File) => {
      const bodySerializer = () => {
        const form = new FormData();
        form.append('xlsx_files', file, file.name);
        return form;
      };
      return unwrap(
        api.POST('/api/translation/{id}/upload-xlsx', { params: { path: { id } }, body: { xlsx_files: file.name }, bodySerializer }),
      );
    },
    onSuccess: async (project) => {
      queryClient.setQueryData(translationKeys.detail(id), project);
      await invalidate();
    },
  });
}
