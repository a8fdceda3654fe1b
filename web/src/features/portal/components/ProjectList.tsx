import { Select, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { ProjectListParams } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../components/useListParams';
import { projectsQuery, type Project, type ProjectStatus } from '../api';
import { useClientChoice } from '../clientChoice';
import { portalPaths } from '../paths';
import { STEPS } from '../timeline';
import { PortalLink } from './PortalLayout';
import { StatusSteps } from './StatusTimeline';

interface ProjectListProps {
  /** The statuses the list may show, offered as its filter; the first is shown until one is
   * chosen when `required`. All five when left out. */
  statuses?: readonly ProjectStatus[];
  /** A status is always applied (the first of `statuses` until another is chosen). */
  required?: boolean;
  /** What the row offers besides its link (open the review, download the delivery). */
  action?: (project: Project) => ReactNode;
  emptyText: string;
}

const FILTERS = ['q', 'status'] as const;

/** The customer's translation projects of the chosen client, paged, sorted and filtered by the
 * server, each with its place in the workflow. */
export function ProjectList({ statuses, required = false, action, emptyText }: ProjectListProps) {
  const { client } = useClientChoice();
  const list = useListParams({ filters: FILTERS, defaultSort: { key: 'created', direction: 'desc' } });
  const offered = STEPS.filter((step) => statuses === undefined || statuses.includes(step.status));
  const chosen = offered.find((step) => step.status === list.filters.status)?.status;
  const status = chosen ?? (required ? offered[0]?.status : undefined);
  const params: ProjectListParams = {
    ...list.params,
    sort: list.params.sort as ProjectListParams['sort'],
    q: list.activeFilters.q,
    status,
    client_id: client?.id,
  };
  const query = useQuery({ ...projectsQuery(params), enabled: client !== null });

  const columns = useMemo<Column<Project>[]>(
    () => [
      {
        key: 'title',
        header: 'Project',
        sortKey: 'name',
        render: (project) => <PortalLink to={portalPaths.project(project.id)}>{project.name}</PortalLink>,
      },
      {
        key: 'status',
        header: 'Status',
        sortKey: 'status',
        render: (project) => <StatusSteps status={project.status} />,
      },
      {
        key: 'created',
        header: 'Created',
        sortKey: 'created',
        visibleFrom: 'sm',
        render: (project) => formatDate(project.date_created),
      },
      ...(action === undefined
        ? []
        : [{ key: 'action', header: '', align: 'right' as const, render: action } satisfies Column<Project>]),
    ],
    [action],
  );

  if (client === null) return <Text>Your account belongs to no client yet.</Text>;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mb="sm" role="search" aria-label="Filter projects">
        <SearchBox label="Search projects" value={list.filters.q} onSearch={(value) => list.setFilter('q', value)} />
        {offered.length > 1 && (
          <Select
            aria-label="Status"
            placeholder="All statuses"
            data={offered.map((step) => ({ value: step.status, label: step.label }))}
            value={status ?? null}
            onChange={(value) => list.setFilter('status', value ?? '')}
            clearable={!required}
            allowDeselect={!required}
          />
        )}
      </SimpleGrid>
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(project) => project.id}
            emptyText={emptyText}
            noMatchText="No projects match these filters."
            filtered={list.activeFilters.q !== undefined || chosen !== undefined}
            noun="projects"
            sort={list.sort}
            onSort={list.toggleSort}
            currentPage={list.page}
            pageSize={list.pageSize}
            onPage={list.setPage}
            fetching={query.isPlaceholderData}
          />
        )}
      </QueryState>
    </>
  );
}
