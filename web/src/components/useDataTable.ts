import { useDeferredValue, useMemo, useState } from 'react';

/** What sorting and filtering read of a column. */
export interface SortFilterColumn<T> {
  key: string;
  /** Makes the column sortable. */
  sortValue?: (row: T) => string | number;
  /** Text the filter box searches in. */
  filterValue?: (row: T) => string;
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

interface Options<T> {
  rows: readonly T[];
  columns: readonly SortFilterColumn<T>[];
  /** Only the first `limit` rows, neither filtered nor paged. */
  limit: number | undefined;
  initialSort: SortState | undefined;
  pageSize: number;
}

/** A table's rows filtered by its filter box, sorted by the chosen column, and cut into pages. */
export function useDataTable<T>({ rows, columns, limit, initialSort, pageSize }: Options<T>) {
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

  /** A click on a header sorts by it ascending, a second click descending. */
  const toggleSort = (key: string) => {
    setSort((previous) =>
      previous?.key === key
        ? { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  };

  /** A new filter starts again on the first page. */
  const changeFilter = (value: string) => {
    setFilter(value);
    setPage(1);
  };

  return {
    limited,
    sort,
    toggleSort,
    filter,
    changeFilter,
    /** The filter text the shown rows match (it lags the box while typing). */
    appliedFilter: deferredFilter.trim(),
    matchCount: visibleRows.length,
    pageRows,
    pageCount,
    currentPage,
    setPage,
  };
}
