import { Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { clientOptionsQuery } from '../../../api/clients';
import type { ClientId } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../components/dates';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useListParams } from '../../../components/useListParams';
import {
  QUOTE_STATES,
  STATE_COLORS,
  STATE_LABELS,
  formatDay,
  formatMoney,
  quoteListQuery,
  quoteTotalsQuery,
  type QuoteListItem,
  type QuoteState,
  type StateTotal,
} from '../api';

const COLUMNS: readonly Column<QuoteListItem>[] = [
  {
    key: 'project',
    header: 'Project',
    render: (row) => (
      <Anchor component={Link} to={`/translation/${row.project_id}?tab=quote`}>
        {row.project_name}
      </Anchor>
    ),
  },
  { key: 'client', header: 'Client', render: (row) => row.client_name ?? '—', visibleFrom: 'sm' },
  { key: 'version', header: 'Version', render: (row) => row.version, visibleFrom: 'sm' },
  {
    key: 'state',
    header: 'State',
    render: (row) => <Badge variant="light" color={STATE_COLORS[row.state]}>{STATE_LABELS[row.state]}</Badge>,
  },
  { key: 'total', header: 'Total', align: 'right', render: (row) => formatMoney(row.total, row.currency) },
  {
    key: 'valid',
    header: 'Valid until',
    render: (row) => (row.valid_until ? formatDay(row.valid_until) : '—'),
    visibleFrom: 'md',
  },
  { key: 'created', header: 'Created', render: (row) => formatDateTime(row.created_at), visibleFrom: 'md' },
];

const isState = (value: string): value is QuoteState => (QUOTE_STATES as readonly string[]).includes(value);

/** The staff's list of every project's quotes: totals per state, filters, pages. */
export function QuotesPage() {
  const list = useListParams({ filters: ['state', 'client_id'], defaultSort: { key: 'created', direction: 'desc' } });
  const state = isState(list.filters.state) ? list.filters.state : undefined;
  const clientId: ClientId | null = list.filters.client_id === '' ? null : Number(list.filters.client_id);
  const params = {
    limit: list.params.limit,
    offset: list.params.offset,
    ...(state === undefined ? {} : { state }),
    ...(clientId === null ? {} : { client_id: clientId }),
  };
  const page = useQuery(quoteListQuery(params));
  const totals = useQuery(quoteTotalsQuery(clientId));
  const clients = useQuery(clientOptionsQuery());
  return (
    <>
      <PageHeader title="Quotes" description="Every project's quotes, newest first" />
      <Stack>
        <QueryState query={totals}>{(rows) => <Totals rows={rows} />}</QueryState>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="State"
            placeholder="Every state"
            clearable
            data={QUOTE_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
            value={state ?? null}
            onChange={(value) => list.setFilter('state', value ?? '')}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Client"
            placeholder="Every client"
            clearable
            searchable
            data={(clients.data ?? []).map((client) => ({ value: String(client.id), label: client.client_name }))}
            value={list.filters.client_id === '' ? null : list.filters.client_id}
            onChange={(value) => list.setFilter('client_id', value ?? '')}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
        <QueryState query={page}>
          {(data) => (
            <Paper withBorder>
              <DataTable
                page={data}
                columns={COLUMNS}
                rowKey={(row) => row.id}
                emptyText="No quotes yet."
                filtered={Object.keys(list.activeFilters).length > 0}
                noun="quotes"
                sort={list.sort}
                onSort={list.toggleSort}
                currentPage={list.page}
                pageSize={list.pageSize}
                onPage={list.setPage}
                fetching={page.isPlaceholderData}
              />
            </Paper>
          )}
        </QueryState>
      </Stack>
    </>
  );
}

function Totals({ rows }: { rows: StateTotal[] }) {
  const shown = QUOTE_STATES.filter((state) => rows.some((row) => row.state === state));
  if (shown.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} role="list" aria-label="Totals per state">
      {shown.map((state) => (
        <Paper key={state} withBorder p="sm" role="listitem">
          <Text size="sm" c="dimmed">
            {STATE_LABELS[state]}
          </Text>
          {rows
            .filter((row) => row.state === state)
            .map((row) => (
              <Text key={row.currency} fw={600}>
                {row.count} · {formatMoney(row.amount, row.currency)}
              </Text>
            ))}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
