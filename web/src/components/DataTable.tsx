// One table for every list: striped rows, click-to-sort headers, a filter box, pages for long
// lists, and a "limit" variant (the first rows only, no controls) for the dashboard's short lists.
import { Center, Group, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { useDataTable, type SortFilterColumn, type SortState } from './useDataTable';

/** A limited list shows the first 5 rows. */
export const LIMITED_ROWS = 5;

export interface Column<T> extends SortFilterColumn<T> {
  header: string;
  render: (row: T) => ReactNode;
  /** Hidden below this breakpoint to keep small screens readable. */
  visibleFrom?: 'xs' | 'sm' | 'md';
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** Shows only the first `limit` rows, without filter or pages. */
  limit?: number;
  initialSort?: SortState;
  filterLabel?: string;
  pageSize?: number;
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  emptyText,
  limit,
  initialSort,
  filterLabel = 'Filter',
  pageSize = 50,
}: DataTableProps<T>) {
  const {
    limited,
    sort,
    toggleSort,
    filter,
    changeFilter,
    appliedFilter,
    matchCount,
    pageRows,
    pageCount,
    currentPage,
    setPage,
  } = useDataTable({ rows, columns, limit, initialSort, pageSize });

  return (
    <>
      {!limited && rows.length > 0 && (
        <TextInput
          mb="sm"
          maw={360}
          aria-label={filterLabel}
          placeholder={filterLabel}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => changeFilter(event.currentTarget.value)}
        />
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const active = sort?.key === column.key;
                const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    visibleFrom={column.visibleFrom}
                    aria-sort={ariaSort}
                    style={{ textAlign: column.align ?? 'left' }}
                  >
                    {column.sortValue !== undefined && !limited ? (
                      <UnstyledButton onClick={() => toggleSort(column.key)} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap">
                          {column.header}
                          <SortIcon active={active} direction={sort?.direction} />
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
            {pageRows.map((row) => (
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
      {rows.length === 0 && <EmptyState message={emptyText} />}
      {rows.length > 0 && matchCount === 0 && appliedFilter !== '' && (
        <Text c="dimmed" ta="center" py="md">
          Nothing matches “{appliedFilter}”.
        </Text>
      )}
      {pageCount > 1 && (
        <Center mt="md">
          <Pagination total={pageCount} value={currentPage} onChange={setPage} size="sm" />
        </Center>
      )}
    </>
  );
}

function SortIcon({ active, direction }: { active: boolean; direction: SortState['direction'] | undefined }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return direction === 'asc' ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />;
}
