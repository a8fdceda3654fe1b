// One table for every list the server pages: striped rows, headers that ask the server for
// another order (with aria-sort), the range shown and pages. A "limit" variant (the first rows
// only, no controls) is the dashboard's short lists. The rows come sorted, filtered and cut
// by the server; see useListParams for the view behind it.
import { Center, Group, Loader, Pagination, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Page } from '../api/client';
import { EmptyState } from './EmptyState';
import type { ListSort } from './useListParams';

/** A limited list shows the first 5 rows. */
export const LIMITED_ROWS = 5;

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The server's sort column behind this header; makes the header sortable. */
  sortKey?: string;
  /** Hidden below this breakpoint to keep small screens readable. */
  visibleFrom?: 'xs' | 'sm' | 'md';
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

interface DataTableProps<T> {
  page: Page<T>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Shown when the list is empty without filters. */
  emptyText: string;
  /** Shown when filters leave nothing. */
  noMatchText?: string;
  filtered?: boolean;
  /** What the rows are, for the range line ("51–100 of 240 projects"). */
  noun?: string;
  sort: ListSort;
  onSort: (key: string) => void;
  currentPage: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The dashboard's variant: the rows only. */
  limited?: boolean;
  /** A newer page is on its way (the rows shown are the previous one). */
  fetching?: boolean;
}

const number = new Intl.NumberFormat();

export function DataTable<T>({
  page,
  columns,
  rowKey,
  emptyText,
  noMatchText = 'Nothing matches these filters.',
  filtered = false,
  noun = 'rows',
  sort,
  onSort,
  currentPage,
  pageSize,
  onPage,
  limited = false,
  fetching = false,
}: DataTableProps<T>) {
  const pageCount = Math.max(1, Math.ceil(page.total / pageSize));
  // From the rows shown: while the next page loads, the previous one stays with its own range.
  const first = page.offset + 1;
  const last = first + page.rows.length - 1;

  return (
    <>
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={fetching}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = sort.key === column.sortKey;
                const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    visibleFrom={column.visibleFrom}
                    aria-sort={limited ? undefined : ariaSort}
                    style={{ textAlign: column.align ?? 'left' }}
                  >
                    {column.sortKey !== undefined && !limited ? (
                      <UnstyledButton onClick={() => onSort(column.sortKey ?? column.key)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          <SortIcon active={active} direction={sort.direction} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    visibleFrom={column.visibleFrom}
                    style={{ textAlign: column.align ?? 'left' }}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page.rows.length === 0 &&
        (filtered ? (
          <Text c="dimmed" ta="center" py="md">
            {noMatchText}
          </Text>
        ) : (
          <EmptyState message={emptyText} />
        ))}
      {!limited && page.total > 0 && (
        <Stack gap="xs" align="center" mt="md">
          <Group gap="xs">
            <Text size="sm" c="dimmed" role="status">
              {page.rows.length > 0
                ? `${number.format(first)}–${number.format(last)} of ${number.format(page.total)} ${noun}`
                : `${number.format(page.total)} ${noun}`}
            </Text>
            {fetching && <Loader size="xs" aria-label="Loading" />}
          </Group>
          {pageCount > 1 && (
            <Center>
              <Pagination
                total={pageCount}
                value={Math.min(currentPage, pageCount)}
                onChange={onPage}
                size="sm"
                siblings={1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Center>
          )}
        </Stack>
      )}
    </>
  );
}

function SortIcon({ active, direction }: { active: boolean; direction: ListSort['direction'] }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return direction === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}
