import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../../api/session';
import type { User } from '../../../api/types';
import { useDeleteUser, usersQuery } from '../../../api/users';
import { alertFailure, confirmDestructive, notifySuccess, showAlert } from '../../../components/messages';

export const SELF_DELETE_WARNING =
  'WARNING: You are trying to delete the user you are logged in with. That is not possible.';

/** The user list, the add-user dialog's state, and deleting a user after confirmation. */
export function useUserManagement() {
  const query = useQuery(usersQuery());
  const myName = useCurrentUser()?.username;
  const { mutate: deleteUser } = useDeleteUser();
  const [adding, addDialog] = useDisclosure(false);

  // Stable between renders, so that the table's columns are built once per signed-in user.
  const askDelete = useCallback(
    (user: User) => {
      if (user.username === myName) {
        showAlert(SELF_DELETE_WARNING, 'Delete user');
        return;
      }
      confirmDestructive({
        title: 'Delete user',
        message: `Are you sure you want to delete the user ${user.username}? This cannot be undone.`,
        confirmLabel: 'Delete User',
        onConfirm: () => {
          deleteUser(user.username, {
            onSuccess: () => notifySuccess(`User ${user.username} deleted`),
            onError: (error) =>
              alertFailure(error, 'Could not delete user', 'Could not delete user. Please check your console for more info'),
          });
        },
      });
    },
    [myName, deleteUser],
  );

  return { query, askDelete, adding, openAdd: addDialog.open, closeAdd: addDialog.close };
}
