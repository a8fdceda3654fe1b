// Deleting a translation or rebranding project: the same confirmation and failure alerts for
// both kinds of project.
import { alertFailure, confirmDestructive, notifySuccess } from './messages';

export const DELETE_PROJECT_CONFIRMATION = 'Are you sure you wish to delete this project? This cannot be undone.';

export interface DeleteCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** Asks for confirmation, runs `remove`, and reports a failure as an alert ('Could not delete project: …'). */
export function confirmDeleteProject(
  name: string,
  remove: (callbacks: DeleteCallbacks) => void,
  onDeleted?: () => void,
) {
  confirmDestructive({
    title: `Delete ${name}`,
    message: DELETE_PROJECT_CONFIRMATION,
    confirmLabel: 'Delete Project',
    onConfirm: () =>
      remove({
        onSuccess: () => {
          notifySuccess(`Project ${name} deleted`);
          onDeleted?.();
        },
        onError: (error) =>
          alertFailure(
            error,
            'Could not delete project',
            'Could not delete project. Please check your console for more info',
          ),
      }),
  });
}
