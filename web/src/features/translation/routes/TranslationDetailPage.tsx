import { Alert, Button, Paper, Table, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconFilePlus, IconInfoCircle, IconListCheck, IconListDetails, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../../api/permissions';
import { formatDateTime } from '../../../components/dates';
import { LanguageFlag, LanguageFlags } from '../../../components/flags/LanguageFlag';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { projectQuery, type Project, type ProjectId } from '../api';
import { AddJobModal } from '../components/AddJobModal';
import { EditProjectModal } from '../components/EditProjectModal';
import { ProjectJobsTable } from '../components/ProjectJobsTable';
import { StatusStepper } from '../components/StatusStepper';
import { useConfirmDeleteProject } from '../components/useConfirmDeleteProject';
import { ReviewLinksPanel } from '../components/ReviewLinksPanel';
import { WorkflowAccordion } from '../components/WorkflowAccordion';
import { STATUS_LABELS, isProjectStatus, statusIndex, statusText } from '../status';

export const PROJECT_NOT_FOUND = 'Project not found';
export const IMPROPER_REQUEST = 'ERROR: Improper Request';

/** A tab another feature adds to the project page (the app composes it in: the quote). */
export interface ProjectTab {
  value: string;
  label: string;
  icon: ReactNode;
  render: (project: Project) => ReactNode;
  /** Whether the project has this tab (every project when left out). */
  shownFor?: (project: Project) => boolean;
}

export function TranslationDetailPage({ extraTabs = [] }: { extraTabs?: readonly ProjectTab[] }) {
  const raw = useParams().id;
  // No id at all is an improper request; an id that cannot name a project is simply not found.
  if (raw === undefined || raw === '') {
    return (
      <Alert color="yellow" role="alert">
        {IMPROPER_REQUEST}
      </Alert>
    );
  }
  if (!/^\d+$/.test(raw)) {
    return (
      <Alert color="yellow" role="alert">
        {PROJECT_NOT_FOUND}
      </Alert>
    );
  }
  return <ProjectDetail id={Number(raw)} extraTabs={extraTabs} />;
}

function ProjectDetail({ id, extraTabs }: { id: ProjectId; extraTabs: readonly ProjectTab[] }) {
  const query = useQuery(projectQuery(id));
  return (
    <QueryState query={query} notFound={PROJECT_NOT_FOUND}>
      {(project) => <ProjectView project={project} extraTabs={extraTabs} />}
    </QueryState>
  );
}

function ProjectView({ project, extraTabs: offered }: { project: Project; extraTabs: readonly ProjectTab[] }) {
  const extraTabs = offered.filter((tab) => tab.shownFor?.(project) ?? true);
  // `?tab=quote` opens a tab (the links of notifications and lists).
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tabs = ['management', 'info', 'jobs', ...extraTabs.map((tab) => tab.value)];
  const [editing, editModal] = useDisclosure(false);
  const [addingJob, addJobModal] = useDisclosure(false);
  const confirmDelete = useConfirmDeleteProject();
  const navigate = useNavigate();
  const canWrite = useCan('projects.write');
  const canDelete = useCan('projects.delete');

  return (
    <>
      <PageHeader
        title={project.name}
        description={project.client?.client_name ?? 'No client'}
        actions={
          <>
            {canWrite && (
              <>
                <Button leftSection={<IconEdit size={18} />} onClick={editModal.open}>
                  Edit
                </Button>
                <Button variant="light" leftSection={<IconFilePlus size={18} />} onClick={addJobModal.open}>
                  Add Job
                </Button>
              </>
            )}
            {canDelete && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => confirmDelete(project, () => void navigate('/translation'))}
              >
                Delete Project
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} mb="lg">
        <StatusStepper status={project.status} />
      </Paper>
      <Tabs defaultValue={asked !== null && tabs.includes(asked) ? asked : 'management'}>
        <Tabs.List mb="md">
          <Tabs.Tab value="management" leftSection={<IconListCheck size={16} />}>
            Project Management
          </Tabs.Tab>
          <Tabs.Tab value="info" leftSection={<IconInfoCircle size={16} />}>
            Project Information
          </Tabs.Tab>
          <Tabs.Tab value="jobs" leftSection={<IconListDetails size={16} />}>
            Translation Jobs
          </Tabs.Tab>
          {extraTabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="management">
          <WorkflowAccordion project={project} />
          {/* The review link replaces the XLSX round trip from the pre-translated step on. */}
          {statusIndex(project.status) >= statusIndex('Pretranslated') && <ReviewLinksPanel project={project} />}
        </Tabs.Panel>
        <Tabs.Panel value="info">
          <ProjectInformation project={project} />
        </Tabs.Panel>
        <Tabs.Panel value="jobs">
          <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
            <ProjectJobsTable projectId={project.id} jobs={project.jobs ?? []} />
          </Paper>
        </Tabs.Panel>
        {extraTabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.render(project)}
          </Tabs.Panel>
        ))}
      </Tabs>
      <EditProjectModal project={project} opened={editing} onClose={editModal.close} />
      <AddJobModal projectId={project.id} opened={addingJob} onClose={addJobModal.close} />
    </>
  );
}

function ProjectInformation({ project }: { project: Project }) {
  const status = isProjectStatus(project.status) ? STATUS_LABELS[project.status] : statusText(project.status);
  return (
    <Paper withBorder maw={720}>
      <Table variant="vertical" striped>
        <Table.Tbody>
          <InfoRow label="ID" value={project.id} />
          <InfoRow label="Name" value={project.name} />
          <InfoRow label="Client" value={project.client?.client_name ?? 'n/a'} />
          {project.site !== null && project.site !== undefined && <InfoRow label="WordPress site" value={project.site.name} />}
          <InfoRow label="Status" value={status} />
          <InfoRow label="Source language" value={<LanguageFlag code={project.source_lang} />} />
          <InfoRow label="Target languages" value={<LanguageFlags codes={project.target_langs} />} />
          <InfoRow label="Jobs" value={project.job_count} />
          <InfoRow label="Segments" value={project.segment_count} />
          <InfoRow label="Created" value={formatDateTime(project.date_created)} />
          <InfoRow
            label="Author"
            value={project.author ? `${project.author.first_name} ${project.author.last_name}` : 'n/a'}
          />
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
