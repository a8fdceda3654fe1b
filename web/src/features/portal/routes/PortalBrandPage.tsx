import { Button, Paper } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import type { RebrandingListParams } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { packageFileName, saveBlob } from '../../../components/download';
import { showAlert } from '../../../components/messages';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../components/useListParams';
import { fetchPackage, rebrandingListQuery, type RebrandingProject } from '../api';
import { useClientChoice } from '../clientChoice';

function PackageButton({ project }: { project: RebrandingProject }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchPackage(project.id), packageFileName(project.display_name));
    } catch (error) {
      const reason = error instanceof ApiError && error.serverMessage !== null ? error.serverMessage : 'Please try again.';
      showAlert(`The brand package could not be downloaded. ${reason}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={busy}
      aria-label={`Download the brand package of ${project.display_name}`}
      onClick={() => void download()}
    >
      Brand package
    </Button>
  );
}

/** The client's rebranding projects, each with its brand package to download. */
export function PortalBrandPage() {
  const { client } = useClientChoice();
  const list = useListParams({ filters: ['q'] as const, defaultSort: { key: 'created', direction: 'desc' } });
  const params: RebrandingListParams = {
    ...list.params,
    sort: list.params.sort as RebrandingListParams['sort'],
    q: list.activeFilters.q,
    client_id: client?.id,
  };
  const query = useQuery({ ...rebrandingListQuery(params), enabled: client !== null });
  const columns = useMemo<Column<RebrandingProject>[]>(
    () => [
      { key: 'name', header: 'Brand', sortKey: 'name', render: (project) => project.display_name },
      {
        key: 'created',
        header: 'Created',
        sortKey: 'created',
        visibleFrom: 'sm',
        render: (project) => formatDate(project.date_created),
      },
      { key: 'package', header: '', align: 'right', render: (project) => <PackageButton project={project} /> },
    ],
    [],
  );
  return (
    <>
      <PageHeader title="Brand" description="Your brand identity as a ready-made package: colours, fonts, logos, locations." />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <SearchBox label="Search brands" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        <QueryState query={query}>
          {(page) => (
            <DataTable
              page={page}
              columns={columns}
              rowKey={(project) => project.id}
              emptyText="There is no brand package for you yet."
              filtered={list.activeFilters.q !== undefined}
              noun="brands"
              sort={list.sort}
              onSort={list.toggleSort}
              currentPage={list.page}
              pageSize={list.pageSize}
              onPage={list.setPage}
              fetching={query.isPlaceholderData}
            />
          )}
        </QueryState>
      </Paper>
    </>
  );
}
