import { ActionIcon, Anchor, Badge, Button, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../api/session';
import type { User } from '../../../api/types';
import { useDeleteUser, usersQuery } from '../../../api/users';
import { DataTable, type Column } from '../../../components/DataTable';
import { dateSortValue, formatDate } from '../../../components/dates';
import { alertFailure, confirmDestructive, notifySuccess, showAlert } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import { AddUserModal } from './AddUserModal';

export const SELF_DELETE_WARNING =
  'WARNING: You are trying to delete the user you are logged in with. That is not possible.';

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

export function UserManagement() {
  const query = useQuery(usersQuery());
  const me = useCurrentUser();
  const { mutate: deleteUser } = useDeleteUser();
  const [adding, addModal] = useDisclosure(false);

  const columns = useMemo<Column<User>[]>(() => {
    const askDelete = (user: User) => {
      if (user.username === me?.username) {
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
    };
    return [
      {
        key: 'username',
        header: 'Username',
        render: (user) => (
          <Anchor component={Link} to={`/admin/user/${encodeURIComponent(user.username)}`}>
            {user.username}
          </Anchor>
        ),
        sortValue: (user) => user.username,
        filterValue: (user) => user.username,
      },
      {
        key: 'name',
        header: 'Name',
        render: fullName,
        sortValue: fullName,
        filterValue: fullName,
        visibleFrom: 'xs',
      },
      {
        key: 'email',
        header: 'Email',
        render: (user) => user.email,
        sortValue: (user) => user.email,
        filterValue: (user) => user.email,
        visibleFrom: 'sm',
      },
      {
        key: 'role',
        header: 'Role',
        render: (user) => (
          <Badge variant="light" color={user.role === 'admin' ? 'red' : 'blue'}>
            {user.role}
          </Badge>
        ),
        sortValue: (user) => user.role,
        filterValue: (user) => user.role,
      },
      {
        key: 'created',
        header: 'Created',
        render: (user) => formatDate(user.date_created),
        sortValue: (user) => dateSortValue(user.date_created),
        visibleFrom: 'md',
      },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (user) => (
          <Tooltip label="Delete user">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete user ${user.username}`}
              onClick={() => askDelete(user)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ];
  }, [me?.username, deleteUser]);

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconUserPlus size={18} />} onClick={addModal.open}>
          Add User
        </Button>
      </Group>
      <QueryState query={query}>
        {(users) => (
          <DataTable
            rows={users}
            columns={columns}
            rowKey={(user) => user.username}
            emptyText="No users found."
            filterLabel="Filter users"
            initialSort={{ key: 'username', direction: 'asc' }}
          />
        )}
      </QueryState>
      <AddUserModal opened={adding} onClose={addModal.close} />
    </>
  );
}
