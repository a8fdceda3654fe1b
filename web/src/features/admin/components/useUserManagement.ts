import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCurrentUser } from '../../../api/session';
import type { User, UserListParams } from '../../../api/types';
import { useDeleteUser, usersQuery } from '../../../api/users';
import { useListParams } from '../../../components/useListParams';
import { alertFailure, confirmDestructive, notifySuccess, showAlert } from '../../../components/messages';

export const SELF_DELETE_WARNING =
  'WARNING: You are trying to delete the user you are logged in with. That is not possible.';

/** The user list (its view in the URL), the add-user dialog's state, and deleting a user after confirmation. */
export function useUserManagement() {
  const list = useListParams({
    filters: ['q', 'role'] as const,
    defaultSort: { key: 'username', direction: 'asc' },
  });
  const params: UserListParams = {
    ...list.params,
    sort: list.params.sort as UserListParams['sort'],
    q: list.activeFilters.q,
    role: list.activeFilters.role as UserListParams['role'],
  };
  const query = useQuery(usersQuery(params));
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

  return {
    list,
    query,
    filtered: Object.keys(list.activeFilters).length > 0,
    askDelete,
    adding,
    openAdd: addDialog.open,
    closeAdd: addDialog.close,
  };
}
