import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { Site, SiteId, SiteRefresh } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { errorText } from '../../../components/messages';
import { siteQuery, useRefreshSite } from '../api';
import { ConnectionStatus } from '../components/ConnectionStatus';
import { ContentTable, useContentList } from '../components/ContentTable';
import { CreateSiteProject } from '../components/CreateSiteProject';
import { SiteChanges } from '../components/SiteChanges';
import { SiteRequests } from '../components/SiteRequests';

export const SITE_NOT_FOUND = 'Site not found';

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
  const list = useContentList();
  // The picked items stay picked across pages and filters, until the project is made.
  const [picked, setPicked] = useState<number[]>([]);

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
      <SiteRequests site={site} />
      {canManage && <CreateSiteProject site={site} items={picked} />}
      <ContentTable
        site={site}
        list={list}
        picked={picked}
        onPickedChange={canManage ? setPicked : undefined}
        emptyText={canManage ? 'Nothing read yet: “Read content from the site” lists its pages and posts.' : 'Nothing read from the site yet.'}
      />
    </>
  );
}
