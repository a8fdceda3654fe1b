import { Anchor, Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { RebrandingProject } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { dateSortValue, formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { rebrandingListQuery } from '../api';
import { useConfirmDeleteRebranding } from './useConfirmDeleteRebranding';

export const NO_PROJECTS = 'No projects found yet.';

interface RebrandingTableProps {
  /** Shows the first rows only (the dashboard's and the client tab's variant). */
  limit?: number;
  /** Only this client's projects (the client detail's 'Rebranding projects' tab). */
  clientId?: number;
}

/** The rebranding project list: Client, Name, Created at, Locations, 'Learn more', 'Delete Project'. */
export function RebrandingTable({ limit, clientId }: RebrandingTableProps) {
  const query = useQuery(rebrandingListQuery(clientId));
  const confirmDelete = useConfirmDeleteRebranding();

  const columns = useMemo<Column<RebrandingProject>[]>(
    () => [
      {
        key: 'client',
        header: 'Client',
        render: (project) => project.client.client_name,
        sortValue: (project) => project.client.client_name,
        filterValue: (project) => project.client.client_name,
      },
      {
        key: 'name',
        header: 'Name',
        render: (project) => (
          <Anchor component={Link} to={`/rebranding/${project.id}`} fw={500}>
            {project.display_name}
          </Anchor>
        ),
        sortValue: (project) => project.display_name,
        filterValue: (project) => `${project.display_name} ${project.legal_name}`,
      },
      {
        key: 'created',
        header: 'Created at',
        render: (project) => formatDate(project.date_created),
        sortValue: (project) => dateSortValue(project.date_created),
        visibleFrom: 'xs',
      },
      {
        key: 'locations',
        header: 'Locations',
        render: (project) => project.location_count,
        sortValue: (project) => project.location_count,
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
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => confirmDelete(project)}
            >
              Delete Project
            </Button>
          </Group>
        ),
      },
    ],
    [confirmDelete],
  );

  return (
    <QueryState query={query}>
      {(projects) => (
        <DataTable
          rows={projects}
          columns={columns}
          rowKey={(project) => project.id}
          emptyText={NO_PROJECTS}
          limit={limit}
          filterLabel="Filter projects"
        />
      )}
    </QueryState>
  );
}
