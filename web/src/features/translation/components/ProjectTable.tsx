import { ActionIcon, Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ClientId } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { dateSortValue, formatDate } from '../../../components/dates';
import { LanguageFlags } from '../../../components/flags/LanguageFlag';
import { QueryState } from '../../../components/QueryState';
import { projectsQuery, type Project } from '../api';
import { statusIndex, statusText } from '../status';
import { useConfirmDeleteProject } from './useConfirmDeleteProject';

export const NO_TRANSLATION_PROJECTS = 'No translation projects found yet.';
export const NO_PROJECTS = 'No projects found yet.';

interface ProjectTableProps {
  /** Shows the first rows only (the dashboard's short list). */
  limit?: number;
  /** Only this client's projects (the client detail's tab). */
  clientId?: ClientId;
  /** The shared variant (dashboard, client detail) says 'No projects found yet.' when empty. */
  shared?: boolean;
}

/** Targets of a project: every distinct job target language, or the project's one. */
function targets(project: Project): string[] {
  if (project.target_langs.length > 0) return project.target_langs;
  return project.target_lang ? [project.target_lang] : [];
}

export function ProjectTable({ limit, clientId, shared = false }: ProjectTableProps) {
  const query = useQuery(projectsQuery(clientId));
  const confirmDelete = useConfirmDeleteProject();

  const columns = useMemo<Column<Project>[]>(
    () => [
      {
        key: 'client',
        header: 'Client',
        render: (project) => project.client?.client_name ?? 'n/a',
        sortValue: (project) => project.client?.client_name ?? '',
        filterValue: (project) => project.client?.client_name ?? 'n/a',
        visibleFrom: 'sm',
      },
      {
        key: 'title',
        header: 'Title',
        render: (project) => (
          <>
            <Anchor component={Link} to={`/translation/${project.id}`} fw={500} style={{ overflowWrap: 'anywhere' }}>
              {project.name}
            </Anchor>
            {/* The Status column is hidden on phones; the status stays readable here. */}
            <Text size="xs" c="dimmed" hiddenFrom="xs">
              {statusText(project.status)}
            </Text>
          </>
        ),
        sortValue: (project) => project.name,
        filterValue: (project) => project.name,
      },
      {
        key: 'target',
        header: 'Target',
        render: (project) => <LanguageFlags codes={targets(project)} size={22} />,
        sortValue: (project) => targets(project).join(','),
        filterValue: (project) => targets(project).join(' '),
      },
      {
        key: 'status',
        header: 'Status',
        render: (project) => statusText(project.status),
        sortValue: (project) => statusIndex(project.status),
        filterValue: (project) => statusText(project.status),
        visibleFrom: 'xs',
      },
      {
        key: 'created',
        header: 'Created at',
        render: (project) => formatDate(project.date_created),
        sortValue: (project) => dateSortValue(project.date_created),
        visibleFrom: 'md',
      },
      {
        key: 'actions',
        header: '',
        align: 'right',
        render: (project) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button component={Link} to={`/translation/${project.id}`} variant="light" size="xs">
              Learn more
            </Button>
            <Tooltip label="Delete Project">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete Project ${project.name}`}
                onClick={() => confirmDelete(project)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
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
          emptyText={shared ? NO_PROJECTS : NO_TRANSLATION_PROJECTS}
          limit={limit}
          filterLabel="Filter projects"
        />
      )}
    </QueryState>
  );
}
