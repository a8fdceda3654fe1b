import { ActionIcon, Anchor, Button, Group, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Client } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { dateSortValue, formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SvgImage } from '../../../components/SvgImage';
import { clientsQuery } from '../../../api/clients';
import { useConfirmDeleteClient } from './useConfirmDeleteClient';

export const NO_CLIENTS = 'No clients found yet.';

/** The client list; with `limit` it shows the first rows only (the dashboard's variant). */
export function ClientTable({ limit }: { limit?: number }) {
  const query = useQuery(clientsQuery());
  const confirmDelete = useConfirmDeleteClient();

  const columns = useMemo<Column<Client>[]>(
    () => [
      {
        key: 'logo',
        header: 'Logo',
        width: 88,
        render: (client) => <SvgImage svg={client.client_logo} alt={`${client.client_name} logo`} width={64} height={36} />,
      },
      {
        key: 'name',
        header: 'Name',
        render: (client) => (
          <Anchor component={Link} to={`/clients/${client.id}`} fw={500}>
            {client.client_name}
          </Anchor>
        ),
        sortValue: (client) => client.client_name,
        filterValue: (client) => client.client_name,
      },
      {
        key: 'created',
        header: 'Created at',
        render: (client) => formatDate(client.date_created),
        sortValue: (client) => dateSortValue(client.date_created),
        visibleFrom: 'xs',
      },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (client) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={`/clients/${client.id}`} variant="light" size="xs">
              Learn more
            </Button>
            <Tooltip label="Delete client">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete client ${client.client_name}`}
                onClick={() => confirmDelete(client)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [confirmDelete],
  );

  return (
    <QueryState query={query}>
      {(clients) => (
        <DataTable
          rows={clients}
          columns={columns}
          rowKey={(client) => client.id}
          emptyText={NO_CLIENTS}
          limit={limit}
          filterLabel="Filter clients"
          initialSort={limit === undefined ? { key: 'name', direction: 'asc' } : undefined}
        />
      )}
    </QueryState>
  );
}
