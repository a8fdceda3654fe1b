import { useCallback } from 'react';
import type { Client } from '../../../api/types';
import { alertFailure, confirmDestructive, notifySuccess } from '../../../components/messages';
import { useDeleteClient } from '../api';

export const DELETE_CLIENT_CONFIRMATION =
  'Are you sure you want to delete this client? This will also delete all rebranding and translation projects associated with this client.';

/** Asks with the shared confirmation text, deletes, and reports a failure as an alert. */
export function useConfirmDeleteClient() {
  const { mutate } = useDeleteClient();
  return useCallback(
    (client: Client, onDeleted?: () => void) => {
      confirmDestructive({
        title: `Delete ${client.client_name}`,
        message: DELETE_CLIENT_CONFIRMATION,
        confirmLabel: 'Delete Client',
        onConfirm: () => {
          mutate(client.id, {
            onSuccess: () => {
              notifySuccess(`Client ${client.client_name} deleted`);
              onDeleted?.();
            },
            onError: (error) =>
              alertFailure(
                error,
                'Could not delete client',
                'Could not delete client. Please check your console for more info',
              ),
          });
        },
      });
    },
    [mutate],
  );
}
