import { useCallback } from 'react';
import { alertFailure, confirmDestructive, notifySuccess } from '../../../components/messages';
import { useDeleteProject, type Project } from '../api';

export const DELETE_PROJECT_CONFIRMATION = 'Are you sure you wish to delete this project? This cannot be undone.';

/** Asks with the spec's text, deletes, and reports a failure as the spec's alert. */
export function useConfirmDeleteProject() {
  const { mutate } = useDeleteProject();
  return useCallback(
    (project: Project, onDeleted?: () => void) => {
      confirmDestructive({
        title: `Delete ${project.name}`,
        message: DELETE_PROJECT_CONFIRMATION,
        confirmLabel: 'Delete Project',
        onConfirm: () => {
          mutate(project.id, {
            onSuccess: () => {
              notifySuccess(`Project ${project.name} deleted`);
              onDeleted?.();
            },
            onError: (error) =>
              alertFailure(
                error,
                'Could not delete project',
                'Could not delete project. Please check your console for more info',
              ),
          });
        },
      });
    },
    [mutate],
  );
}
