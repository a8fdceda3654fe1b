import { ActionIcon, Anchor, Button, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { Client } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { SvgImage } from '../../../components/SvgImage';
import { useClientTable } from './useClientTable';

export const NO_CLIENTS = 'No clients found yet.';

/** The client list; with `limit` it shows the first rows only (the dashboard's variant). */
export function ClientTable({ limit }: { limit?: number }) {
  const { list, query, confirmDelete, filtered } = useClientTable(limit);
  const canDelete = useCan('clients.delete');

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
        sortKey: 'name',
      },
      {
        key: 'created',
        header: 'Created at',
        render: (client) => formatDate(client.date_created),
        sortKey: 'created',
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
            {canDelete && (
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
            )}
          </Group>
        ),
      },
    ],
    [canDelete, confirmDelete],
  );

  return (
    <>
      {!list.limited && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm" role="search" aria-label="Filter clients">
          <SearchBox label="Search clients" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        </SimpleGrid>
      )}
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(client) => client.id}
            emptyText={NO_CLIENTS}
            noMatchText="No clients match this search."
            filtered={filtered}
            noun="clients"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            limited={list.limited}
            fetching={query.isPlaceholderData}
          />
        )}
      </QueryState>
    </>
  );
}
