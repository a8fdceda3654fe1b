import { Anchor, Button, Group, SimpleGrid } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { RebrandingProject } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { useRebrandingTable } from './useRebrandingTable';

export const NO_PROJECTS = 'No projects found yet.';

interface RebrandingTableProps {
  /** Shows the first rows only (the dashboard's and the client tab's variant). */
  limit?: number;
  /** Only this client's projects (the client detail's 'Rebranding projects' tab). */
  clientId?: number;
  /** Before the list's parameters in the URL, when the screen shows another list too. */
  urlPrefix?: string;
}

/** The rebranding project list: Client, Name, Created at, Locations, 'Learn more', 'Delete Project'. */
export function RebrandingTable({ limit, clientId, urlPrefix }: RebrandingTableProps) {
  const { list, query, confirmDelete, filtered } = useRebrandingTable({ limit, clientId, urlPrefix });
  const canDelete = useCan('projects.delete');

  const columns = useMemo<Column<RebrandingProject>[]>(
    () => [
      {
        key: 'client',
        header: 'Client',
        render: (project) => project.client.client_name,
        sortKey: 'client',
      },
      {
        key: 'name',
        header: 'Name',
        render: (project) => (
          <Anchor component={Link} to={`/rebranding/${project.id}`} fw={500}>
            {project.display_name}
          </Anchor>
        ),
        sortKey: 'name',
      },
      {
        key: 'created',
        header: 'Created at',
        render: (project) => formatDate(project.date_created),
        sortKey: 'created',
        visibleFrom: 'xs',
      },
      {
        key: 'locations',
        header: 'Locations',
        render: (project) => project.location_count,
        visibleFrom: 'sm',
        align: 'right',
      },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (project) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={`/rebranding/${project.id}`} variant="light" size="xs">
              Learn more
            </Button>
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => confirmDelete(project)}
              >
                Delete Project
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [canDelete, confirmDelete],
  );

  return (
    <>
      {!list.limited && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm" role="search" aria-label="Filter rebranding projects">
          <SearchBox label="Search projects" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        </SimpleGrid>
      )}
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(project) => project.id}
            emptyText={NO_PROJECTS}
            noMatchText="No projects match this search."
            filtered={filtered}
            noun="projects"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            limited={list.limited}
            fetching={query.isPlaceholderData}
          />
        )}
      </QueryState>
    </>
  );
}
