import { Badge, Checkbox, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Site, SiteContentParams, SiteItem } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../components/useListParams';
import { STATE_COLORS, STATE_LABELS, siteContentQuery } from '../api';

type State = keyof typeof STATE_LABELS;

/** The content list's view (page, order, filters) in the URL; the page holding the table makes
 * it, to filter it from outside (Show changed pages). */
export function useContentList() {
  return useListParams({ filters: ['q', 'type', 'lang', 'state'] as const, defaultSort: { key: 'modified', direction: 'desc' } });
}

export type ContentList = ReturnType<typeof useContentList>;

interface ContentTableProps {
  site: Site;
  list: ContentList;
  /** The items picked, when the list offers picking (the page's own state: picks stay across
   * pages and filters). */
  picked?: readonly number[];
  onPickedChange?: (picked: number[]) => void;
  emptyText: string;
}

/** A site's content as last read, searched and filtered, each page's state per target language
 * (read-only); with `onPickedChange`, a box per item to pick it. */
export function ContentTable({ site, list, picked = [], onPickedChange, emptyText }: ContentTableProps) {
  const params: SiteContentParams = {
    ...list.params,
    sort: list.params.sort as SiteContentParams['sort'],
    q: list.activeFilters.q,
    type: list.activeFilters.type,
    lang: list.activeFilters.lang,
    state: list.activeFilters.state as State | undefined,
  };
  const content = useQuery(siteContentQuery(site.id, params));

  const columns = useMemo<Column<SiteItem>[]>(
    () => [
      ...(onPickedChange
        ? [
            {
              key: 'pick',
              header: 'Pick',
              render: (item: SiteItem) => (
                <Checkbox
                  aria-label={`Pick ${item.title === '' ? `item ${item.id}` : item.title}`}
                  checked={picked.includes(item.id)}
                  onChange={(event) =>
                    onPickedChange(event.currentTarget.checked ? [...picked, item.id] : picked.filter((id) => id !== item.id))
                  }
                />
              ),
            },
          ]
        : []),
      { key: 'title', header: 'Title', sortKey: 'title', render: (item) => <Text fw={500}>{item.title === '' ? '(no title)' : item.title}</Text> },
      { key: 'type', header: 'Type', render: (item) => item.type, visibleFrom: 'sm' },
      { key: 'status', header: 'Status', render: (item) => item.status, visibleFrom: 'md' },
      { key: 'modified', header: 'Modified', sortKey: 'modified', render: (item) => formatDateTime(item.modified), visibleFrom: 'sm' },
      {
        key: 'translations',
        header: 'Translations',
        render: (item) => (
          <Group gap={4}>
            {item.translations.map((t) => (
              <Badge key={t.lang} color={STATE_COLORS[t.state]} variant="light" tt="none" title={STATE_LABELS[t.state]}>
                {t.lang}: {STATE_LABELS[t.state]}
              </Badge>
            ))}
          </Group>
        ),
      },
    ],
    [onPickedChange, picked],
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 4 }} mb="sm" role="search" aria-label="Filter the site's content">
        <SearchBox label="Search titles" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        <Select
          label="Type"
          clearable
          placeholder="Any type"
          value={list.filters.type || null}
          data={[
            { value: 'page', label: 'Pages' },
            { value: 'post', label: 'Posts' },
          ]}
          onChange={(value) => list.setFilter('type', value ?? '')}
        />
        <Select
          label="Language"
          clearable
          placeholder="Any language"
          value={list.filters.lang || null}
          data={site.connection.languages}
          onChange={(value) => list.setFilter('lang', value ?? '')}
        />
        <Select
          label="State"
          clearable
          placeholder="Any state"
          value={list.filters.state || null}
          data={(Object.keys(STATE_LABELS) as State[]).map((state) => ({ value: state, label: STATE_LABELS[state] }))}
          onChange={(value) => list.setFilter('state', value ?? '')}
        />
      </SimpleGrid>
      <QueryState query={content}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(item) => item.id}
            emptyText={emptyText}
            noMatchText="No pages match these filters."
            filtered={Object.keys(list.activeFilters).length > 0}
            noun="items"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            fetching={content.isPlaceholderData}
          />
        )}
      </QueryState>
    </>
  );
}
