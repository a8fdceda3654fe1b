import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LanguageFlag } from '../../../components/flags/LanguageFlag';
import { alertFailure, confirmDestructive, notifySuccess } from '../../../components/messages';
import { useCan } from '../../../api/permissions';
import { useDeleteJob, type Job, type ProjectId } from '../api';

export const NO_JOBS = 'No jobs for this project.';
export const DELETE_JOB_CONFIRMATION = 'Are you sure you wish to delete this job? This cannot be undone.';

/** The Translation Jobs tab: a striped table of the project's jobs. */
export function ProjectJobsTable({ projectId, jobs }: { projectId: ProjectId; jobs: readonly Job[] }) {
  const { mutate } = useDeleteJob();
  const canDelete = useCan('projects.delete');

  const confirmDelete = (job: Job) =>
    confirmDestructive({
      title: `Delete ${job.file_name}`,
      message: DELETE_JOB_CONFIRMATION,
      confirmLabel: 'Delete Job',
      onConfirm: () =>
        mutate(job.id, {
          onSuccess: () => notifySuccess(`Job ${job.file_name} deleted`),
          onError: (error) =>
            alertFailure(error, 'Could not delete job', 'Could not delete project. Please check your console for more info'),
        }),
    });

  if (jobs.length === 0) return <EmptyState message={NO_JOBS} />;
  return (
    // On a phone the table scrolls sideways rather than squeezing file names to a few letters.
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={`Jobs of project ${projectId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Source Language</Table.Th>
            <Table.Th>Target Language</Table.Th>
            <Table.Th visibleFrom="md">Translated</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            // Rows are keyed by the job's WPML id; a job added from another tool may have none.
            <Table.Tr key={job.wpml_id ?? `id-${job.id}`}>
              <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 200 }}>{job.file_name}</Table.Td>
              <Table.Td>{job.post_type ?? 'n/a'}</Table.Td>
              <Table.Td>
                <LanguageFlag code={job.source_lang} />
              </Table.Td>
              <Table.Td>
                <LanguageFlag code={job.target_lang} />
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" c={job.translated_count === job.segment_count ? 'green.8' : 'dimmed'}>
                  {job.translated_count} / {job.segment_count}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button component={Link} to={`/job/${job.id}`} variant="light" size="xs">
                    Learn more
                  </Button>
                  {canDelete && (
                    <Tooltip label="Delete Job">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete Job ${job.file_name}`}
                        onClick={() => confirmDelete(job)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
