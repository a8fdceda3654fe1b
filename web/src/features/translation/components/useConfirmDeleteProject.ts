import { useCallback } from 'react';
import { confirmDeleteProject } from '../../../components/confirmDeleteProject';
import { useDeleteProject, type Project } from '../api';

/** Asks with the shared confirmation text, deletes, and reports a failure as an alert. */
export function useConfirmDeleteProject() {
  const { mutate } = useDeleteProject();
  return useCallback(
    (project: Project, onDeleted?: () => void) =>
      confirmDeleteProject(project.name, (callbacks) => mutate(project.id, callbacks), onDeleted),
    [mutate],
  );
}
