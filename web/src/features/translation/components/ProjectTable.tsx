import { ActionIcon, Anchor, Button, Group, Select, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { ClientId } from '../../../api/types';
import { DataTable, type Column } from '../../../components/DataTable';
import { formatDate } from '../../../components/dates';
import { LanguageFlags } from '../../../components/flags/LanguageFlag';
import { WPML_LANGUAGES } from '../../../components/flags/languages';
import { QueryState } from '../../../components/QueryState';
import { SearchBox } from '../../../components/SearchBox';
import { PROJECT_STATUSES, type Project } from '../api';
import { statusText } from '../status';
import { useProjectTable } from './useProjectTable';

export const NO_TRANSLATION_PROJECTS = 'No translation projects found yet.';
export const NO_PROJECTS = 'No projects found yet.';

interface ProjectTableProps {
  /** Shows the first rows only (the dashboard's short list). */
  limit?: number;
  /** Only this client's projects (the client detail's tab). */
  clientId?: ClientId;
  /** The shared variant (dashboard, client detail) says 'No projects found yet.' when empty. */
  shared?: boolean;
  /** Before the list's parameters in the URL, when the screen shows another list too. */
  urlPrefix?: string;
}

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({ value: status, label: statusText(status) }));
const LANGUAGE_OPTIONS = Object.entries(WPML_LANGUAGES).map(([code, language]) => ({
  value: code,
  label: `${language.name} (${code})`,
}));

/** Targets of a project: every distinct job target language, or the project's one. */
function targets(project: Project): string[] {
  if (project.target_langs.length > 0) return project.target_langs;
  return project.target_lang ? [project.target_lang] : [];
}

export function ProjectTable({ limit, clientId, shared = false, urlPrefix }: ProjectTableProps) {
  const { list, query, clientOptions, showClientFilter, filtered, confirmDelete } = useProjectTable({
    limit,
    clientId,
    urlPrefix,
  });
  const canDelete = useCan('projects.delete');

  const columns = useMemo<Column<Project>[]>(
    () => [
      {
        key: 'client',
        header: 'Client',
        render: (project) => project.client?.client_name ?? 'n/a',
        sortKey: 'client',
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
        sortKey: 'name',
      },
      {
        key: 'target',
        header: 'Target',
        render: (project) => <LanguageFlags codes={targets(project)} size={22} />,
      },
      {
        key: 'status',
        header: 'Status',
        render: (project) => statusText(project.status),
        sortKey: 'status',
        visibleFrom: 'xs',
      },
      {
        key: 'created',
        header: 'Created at',
        render: (project) => formatDate(project.date_created),
        sortKey: 'created',
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
            {canDelete && (
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
            )}
          </Group>
        ),
      },
    ],
    [canDelete, confirmDelete],
  );

  const { filters, setFilter } = list;
  return (
    <>
      {!list.limited && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: showClientFilter ? 4 : 3 }} mb="sm" role="search" aria-label="Filter projects">
          <SearchBox label="Search projects" value={filters.q} onSearch={(value) => setFilter('q', value)} />
          {showClientFilter && (
            <Select
              aria-label="Client"
              placeholder="All clients"
              data={clientOptions}
              value={filters.client_id || null}
              onChange={(value) => setFilter('client_id', value ?? '')}
              searchable
              clearable
            />
          )}
          <Select
            aria-label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            value={filters.status || null}
            onChange={(value) => setFilter('status', value ?? '')}
            clearable
          />
          <Select
            aria-label="Target language"
            placeholder="All target languages"
            data={LANGUAGE_OPTIONS}
            value={filters.target_lang || null}
            onChange={(value) => setFilter('target_lang', value ?? '')}
            searchable
            clearable
          />
        </SimpleGrid>
      )}
      <QueryState query={query}>
        {(page) => (
          <DataTable
            page={page}
            columns={columns}
            rowKey={(project) => project.id}
            emptyText={shared ? NO_PROJECTS : NO_TRANSLATION_PROJECTS}
            noMatchText="No projects match these filters."
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
