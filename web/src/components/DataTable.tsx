// One table for every list: striped rows, click-to-sort headers, a filter box, pages for long
// lists, and the spec's "limit" variant (first 5 rows, no controls) used on the dashboard.
import { Center, Group, Pagination, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/** Spec section 9: a limited list shows the first 5 rows. */
export const LIMITED_ROWS = 5;

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable. */
  sortValue?: (row: T) => string | number;
  /** Text the filter box searches in. */
  filterValue?: (row: T) => string;
  /** Hidden below this breakpoint to keep small screens readable. */
  visibleFrom?: 'xs' | 'sm' | 'md';
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  emptyText: string;
  /** Shows only the first `limit` rows, without filter or pages (spec section 9). */
  limit?: number;
  initialSort?: SortState;
  filterLabel?: string;
  pageSize?: number;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
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
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  // Typing stays responsive on long lists: filtering runs at lower priority.
  const deferredFilter = useDeferredValue(filter);
  const limited = limit !== undefined;

  const visibleRows = useMemo(() => {
    const needle = deferredFilter.trim().toLocaleLowerCase();
    let result = [...rows];
    if (needle !== '' && !limited) {
      const searchable = columns.filter((c) => c.filterValue !== undefined);
      result = result.filter((row) =>
        searchable.some((c) => c.filterValue?.(row).toLocaleLowerCase().includes(needle)),
      );
    }
    const sortColumn = sort === null ? undefined : columns.find((c) => c.key === sort.key);
    const sortValue = sortColumn?.sortValue;
    if (sort !== null && sortValue !== undefined) {
      const sign = sort.direction === 'asc' ? 1 : -1;
      result.sort((a, b) => sign * compareValues(sortValue(a), sortValue(b)));
    }
    return limited ? result.slice(0, limit) : result;
  }, [rows, columns, deferredFilter, sort, limit, limited]);

  const pageCount = limited ? 1 : Math.max(1, Math.ceil(visibleRows.length / pageSize));
  const currentPage = Math.min(page, pageCount);
  const pageRows = limited
    ? visibleRows
    : visibleRows.slice((currentPage - 1) * pageSize, currentPage * pageSize);

  const toggleSort = (key: string) => {
    setSort((previous) =>
      previous?.key === key
        ? { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  };

  const filtering = deferredFilter.trim() !== '';

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
          onChange={(event) => {
            setFilter(event.currentTarget.value);
            setPage(1);
          }}
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
      {rows.length > 0 && visibleRows.length === 0 && filtering && (
        <Text c="dimmed" ta="center" py="md">
          Nothing matches “{deferredFilter.trim()}”.
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
