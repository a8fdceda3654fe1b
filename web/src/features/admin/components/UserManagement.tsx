import { ActionIcon, Anchor, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { dateSortValue, formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { AddUserModal } from './AddUserModal';
import { useUserManagement } from './useUserManagement';

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

function userColumns(askDelete: (user: User) => void): Column<User>[] {
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
}

/** Administration → User Management: every user, adding one, deleting one. */
export function UserManagement() {
  const { query, askDelete, adding, openAdd, closeAdd } = useUserManagement();
  const columns = useMemo(() => userColumns(askDelete), [askDelete]);

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconUserPlus size={18} />} onClick={openAdd}>
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
      <AddUserModal opened={adding} onClose={closeAdd} />
    </>
  );
}
