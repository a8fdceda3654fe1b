import { Alert, Anchor, Badge, Button, Checkbox, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { Site, SiteContentParams, SiteId, SiteItem, SiteRefresh } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDateTime } from '../../../components/dates';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { errorText } from '../../../components/messages';
import { useListParams } from '../../../components/useListParams';
import { STATE_COLORS, STATE_LABELS, siteContentQuery, siteQuery, useRefreshSite } from '../api';
import { ConnectionStatus } from '../components/ConnectionStatus';
import { CreateSiteProject } from '../components/CreateSiteProject';
import { SiteChanges } from '../components/SiteChanges';

export const SITE_NOT_FOUND = 'Site not found';

type State = keyof typeof STATE_LABELS;

/** A site's content as last read from it, each page's state per target language. */
export function SitePage() {
  const raw = useParams().siteId;
  if (raw === undefined || !/^\d+$/.test(raw)) {
    return (
      <Alert color="yellow" role="alert">
        {SITE_NOT_FOUND}
      </Alert>
    );
  }
  return <SiteView id={Number(raw)} />;
}

function SiteView({ id }: { id: SiteId }) {
  const query = useQuery(siteQuery(id));
  return <QueryState query={query} notFound={SITE_NOT_FOUND}>{(site) => <SiteContent site={site} />}</QueryState>;
}

function summary(result: SiteRefresh): string {
  const items = `${result.items} ${result.items === 1 ? 'item' : 'items'}`;
  const changed = result.changed_since_last;
  return `Read ${items} from the site; ${changed} new or changed since the last read.`;
}

function SiteContent({ site }: { site: Site }) {
  const canManage = useCan('sites.manage');
  const refresh = useRefreshSite();
  const list = useListParams({ filters: ['q', 'type', 'lang', 'state'] as const, defaultSort: { key: 'modified', direction: 'desc' } });
  const params: SiteContentParams = {
    ...list.params,
    sort: list.params.sort as SiteContentParams['sort'],
    q: list.activeFilters.q,
    type: list.activeFilters.type,
    lang: list.activeFilters.lang,
    state: list.activeFilters.state as State | undefined,
  };
  const content = useQuery(siteContentQuery(site.id, params));
  const languages = site.connection.languages;
  // The picked items stay picked across pages and filters, until the project is made.
  const [picked, setPicked] = useState<number[]>([]);

  const columns = useMemo<Column<SiteItem>[]>(
    () => [
      ...(canManage
        ? [
            {
              key: 'pick',
              header: 'Pick',
              render: (item: SiteItem) => (
                <Checkbox
                  aria-label={`Pick ${item.title === '' ? `item ${item.id}` : item.title}`}
                  checked={picked.includes(item.id)}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setPicked((now) => (on ? [...now, item.id] : now.filter((id) => id !== item.id)));
                  }}
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
    [canManage, picked],
  );

  return (
    <>
      <PageHeader
        title={site.name}
        description={
          <Anchor component={Link} to={`/clients/${site.client_id}?tab=sites`} underline="always">
            Back to the client’s sites
          </Anchor>
        }
        actions={
          canManage && (
            <Button
              leftSection={<IconRefresh size={16} />}
              loading={refresh.isPending}
              onClick={() => refresh.mutate(site.id)}
            >
              Read content from the site
            </Button>
          )
        }
      />
      <Group mb="md" align="flex-start" justify="space-between">
        <ConnectionStatus site={site} />
        <Text size="sm" c="dimmed">
          {site.refreshed_at === null || site.refreshed_at === undefined
            ? 'The content has not been read yet.'
            : `Content read ${formatDateTime(site.refreshed_at)}`}
        </Text>
      </Group>
      {refresh.isSuccess && (
        <Alert color="green" mb="md" role="status">
          {summary(refresh.data)}
        </Alert>
      )}
      {refresh.isError && (
        <Alert color="red" mb="md" role="alert">
          {errorText(refresh.error, { fallback: 'The content could not be read.' })}
        </Alert>
      )}
      <SiteChanges site={site} onShowChanged={() => list.setFilter('state', 'changed')} />
      {canManage && <CreateSiteProject site={site} items={picked} />}
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
          data={languages}
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
            emptyText={canManage ? 'Nothing read yet: “Read content from the site” lists its pages and posts.' : 'Nothing read from the site yet.'}
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
