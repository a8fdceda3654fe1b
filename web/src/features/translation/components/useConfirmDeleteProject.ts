import { useCallback } from 'react';
import { confirmDeleteProject } from '../../../components/confirmDeleteProject';
import { useDeleteProject, type Project } from '../api';

/** Asks with the spec's text, deletes, and reports a failure as the spec's alert. */
export function useConfirmDeleteProject() {
  const { mutate } = useDeleteProject();
  return useCallback(
    (project: Project, onDeleted?: () => void) =>
      confirmDeleteProject(project.name, (callbacks) => mutate(project.id, callbacks), onDeleted),
    [mutate],
  );
}
