import { useCallback } from 'react';
import type { RebrandingProject } from '../../../api/types';
import { confirmDeleteProject } from '../../../components/confirmDeleteProject';
import { useDeleteRebranding } from '../api';

/** Asks with the shared confirmation text, deletes, and reports a failure as an alert. */
export function useConfirmDeleteRebranding() {
  const { mutate } = useDeleteRebranding();
  return useCallback(
    (project: RebrandingProject, onDeleted?: () => void) =>
      confirmDeleteProject(project.display_name, (callbacks) => mutate(project.id, callbacks), onDeleted),
    [mutate],
  );
}
