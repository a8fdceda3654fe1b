import { ActionIcon, Anchor, Badge, Button, Group, Select, SimpleGrid, Tooltip } from '@mantine/core';
import { IconMail, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { clientOptionsQuery } from '../../../api/clients';
import { ROLES, type User } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { AddUserModal } from './AddUserModal';
import { InviteUserModal } from './InviteUserModal';
import { useUserManagement } from './useUserManagement';

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;

function userColumns(askDelete: (user: User) => void, clientName: (id: number) => string): Column<User>[] {
  return [
    {
      key: 'username',
      header: 'Username',
      render: (user) => (
        <Anchor component={Link} to={`/admin/user/${encodeURIComponent(user.username)}`}>
          {user.username}
        </Anchor>
      ),
      sortKey: 'username',
    },
    {
      key: 'name',
      header: 'Name',
      render: fullName,
      visibleFrom: 'xs',
    },
    {
      key: 'email',
      header: 'Email',
      render: (user) => user.email,
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
      sortKey: 'role',
    },
    {
      key: 'clients',
      header: 'Clients',
      // Only customers belong to clients.
      render: (user) => user.client_ids.map(clientName).join(', '),
      visibleFrom: 'sm',
    },
    {
      key: 'created',
      header: 'Created',
      render: (user) => formatDate(user.date_created),
      sortKey: 'created',
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
  const { list, query, filtered, askDelete, adding, openAdd, closeAdd } = useUserManagement();
  const clients = useQuery(clientOptionsQuery());
  const columns = useMemo(() => {
    const names = new Map((clients.data ?? []).map((c) => [c.id, c.client_name]));
    return userColumns(askDelete, (id) => names.get(id) ?? `Client ${id}`);
  }, [askDelete, clients.data]);
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <Group justify="flex-end" mb="md">
        <Button variant="light" leftSection={<IconMail size={18} />} onClick={() => setInviting(true)}>
          Invite
        </Button>
        <Button leftSection={<IconUserPlus size={18} />} onClick={openAdd}>
          Add User
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm" role="search" aria-label="Filter users">
        <SearchBox label="Search users" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        <Select
          aria-label="Role"
          placeholder="All roles"
          data={ROLES.map((role) => ({ value: role, label: role }))}
          value={list.filters.role || null}
          onChange={(value) => list.setFilter('role', value ?? '')}
          clearable
        />
      </SimpleGrid>
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(user) => user.username}
            emptyText="No users found."
            noMatchText="No users match these filters."
            filtered={filtered}
            noun="users"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            fetching={query.isPlaceholderData}
          />
        )}
      </QueryState>
      <AddUserModal opened={adding} onClose={closeAdd} />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
