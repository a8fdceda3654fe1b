// A server-paged list's view (page, order, filters) kept in the URL's search parameters, so a
// reload or a shared link opens the same view, and turned into the list call's parameters.
import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Rows per page of a full list. */
export const PAGE_SIZE = 50;

export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  /** The server's name of the sort column (`name`, `created`, …). */
  key: string;
  direction: SortDirection;
}

/** What every list call takes besides its filters. */
export interface PageParams {
  limit: number;
  offset: number;
  sort: string;
  order: SortDirection;
}

interface Options<F extends string> {
  /** The filters' parameter names, the same in the URL and in the call. */
  filters: readonly F[];
  /** The order when the URL names none; the server's default order of that list. */
  defaultSort: ListSort;
  /** Put before every parameter name in the URL, so two lists of one screen keep their own. */
  prefix?: string;
  /** A short list (the dashboard's first rows): this many rows, no pages, URL or filters. */
  limit?: number;
}

export function useListParams<F extends string>({ filters, defaultSort, prefix = '', limit }: Options<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL as last rendered, for changes made by handlers of an older render (a picker's
  // option, a search sent after a pause): building on their render's URL would undo a change
  // made since.
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const limited = limit !== undefined;
  const read = (name: string) => (limited ? '' : (searchParams.get(prefix + name) ?? ''));

  const page = Math.max(1, Number.parseInt(read('page'), 10) || 1);
  const sortKey = read('sort') || defaultSort.key;
  const order = read('order');
  const direction: SortDirection =
    order === 'asc' || order === 'desc' ? order : sortKey === defaultSort.key ? defaultSort.direction : 'asc';
  const values = Object.fromEntries(filters.map((name) => [name, read(name)])) as Record<F, string>;

  /** Writes parameters into the URL (an empty value removes one), keeping every other. */
  const update = (changes: Record<string, string>, replace: boolean) => {
    const next = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '') next.delete(prefix + name);
      else next.set(prefix + name, value);
    }
    latest.current = next;
    setSearchParams(next, { replace });
  };

  const pageSize = limit ?? PAGE_SIZE;
  const params: PageParams = {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    sort: sortKey,
    order: direction,
  };
  const activeFilters = Object.fromEntries(
    Object.entries<string>(values).filter(([, value]) => value !== ''),
  ) as Partial<Record<F, string>>;

  return {
    limited,
    page,
    pageSize,
    sort: { key: sortKey, direction } satisfies ListSort,
    filters: values,
    /** The list call's parameters: the page, the order and the filters that are set. */
    params,
    activeFilters,
    setPage: (next: number) => update({ page: next <= 1 ? '' : String(next) }, false),
    /** A click on a header sorts by it ascending, a second click descending; back to page 1. */
    toggleSort: (key: string) =>
      update({ sort: key, order: key === sortKey && direction === 'asc' ? 'desc' : 'asc', page: '' }, false),
    /** A new filter value starts again on page 1 (and replaces the history entry while typing). */
    setFilter: (name: F, value: string) => update({ [name]: value.trim() === '' ? '' : value, page: '' }, true),
  };
}

export type ListParams<F extends string> = ReturnType<typeof useListParams<F>>;
