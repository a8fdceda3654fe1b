import { Alert, Anchor, Badge, Button, Group, Paper, Progress, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconBrandWordpress } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../api/permissions';
import type { PublishRun, PublishStatus, Publishing } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { QueryState } from '../../../components/QueryState';
import { errorText } from '../../../components/messages';
import { publishingQuery, usePublish } from '../api';

const JOB_COLORS = { pending: 'gray', published: 'green', failed: 'red' } as const;
const JOB_LABELS = { pending: 'Waiting', published: 'Published', failed: 'Failed' } as const;
const RUN_LABELS = { running: 'Publishing…', done: 'Finished', failed: 'Stopped' } as const;

/** A site project's WordPress tab: publish its translations to the site, follow the run. */
export function PublishPanel({ projectId }: { projectId: number }) {
  const query = useQuery(publishingQuery(projectId));
  return <QueryState query={query}>{(publishing) => <PublishView projectId={projectId} publishing={publishing} />}</QueryState>;
}

function PublishView({ projectId, publishing }: { projectId: number; publishing: Publishing }) {
  const canPublish = useCan('sites.manage');
  const [status, setStatus] = useState<PublishStatus>('draft');
  const publish = usePublish(projectId);
  const { site, run } = publishing;
  if (site === null || site === undefined) {
    return <Text c="dimmed">This project was not made from a WordPress site’s pages.</Text>;
  }
  const running = run?.state === 'running';
  return (
    <Stack>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-end">
          <Text>
            Site: <Anchor href={site.url}>{site.name}</Anchor>
          </Text>
          {canPublish && (
            <Group align="flex-end">
              <SegmentedControl
                aria-label="Publish as"
                value={status}
                onChange={setStatus}
                data={[
                  { value: 'draft', label: 'Drafts' },
                  { value: 'publish', label: 'Published' },
                ]}
              />
              <Button
                leftSection={<IconBrandWordpress size={16} />}
                loading={publish.isPending}
                disabled={running}
                onClick={() => publish.mutate(status)}
              >
                Publish to WordPress
              </Button>
            </Group>
          )}
        </Group>
        {publish.isError && (
          <Alert color="red" mt="sm" role="alert">
            {errorText(publish.error, { fallback: 'Publishing could not start.' })}
          </Alert>
        )}
      </Paper>
      {run === null || run === undefined ? (
        <Text c="dimmed">Nothing published yet.</Text>
      ) : (
        <RunView run={run} />
      )}
    </Stack>
  );
}

function RunView({ run }: { run: PublishRun }) {
  const finished = run.jobs.filter((job) => job.state !== 'pending').length;
  const share = run.jobs.length === 0 ? 100 : Math.round((finished / run.jobs.length) * 100);
  return (
    <Paper withBorder p="md" component="section" aria-label="Latest publishing run">
      <Group justify="space-between" mb="xs">
        <Text fw={500} role="status">
          {RUN_LABELS[run.state]} ({run.status === 'publish' ? 'published' : 'drafts'}): {finished} of {run.jobs.length} jobs
        </Text>
        <Text size="sm" c="dimmed">
          Started {formatDateTime(run.started_at)}
        </Text>
      </Group>
      <Progress value={share} animated={run.state === 'running'} mb="sm" aria-label="Jobs sent" />
      {run.error !== null && run.error !== undefined && (
        <Alert color="red" mb="sm" role="alert">
          {run.error}
        </Alert>
      )}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Page</Table.Th>
            <Table.Th>Language</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {run.jobs.map((job) => (
            <Table.Tr key={job.job_id}>
              <Table.Td>
                {/* The title as the site's content list last had it; the id for a page the site no longer lists. */}
                <Text size="sm">{job.title ?? `Item ${job.item_id}`}</Text>
                <Text size="xs" c="dimmed">
                  #{job.item_id}
                </Text>
              </Table.Td>
              <Table.Td>{job.lang}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Badge color={JOB_COLORS[job.state]} variant="light">
                    {JOB_LABELS[job.state]}
                  </Badge>
                  {job.edit_link !== null && job.edit_link !== undefined && (
                    <Anchor href={job.edit_link} target="_blank" rel="noreferrer">
                      Edit post {job.post_id}
                    </Anchor>
                  )}
                  {job.error !== null && job.error !== undefined && (
                    <Text size="sm" c="red">
                      {job.error}
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{job.finished_at === null || job.finished_at === undefined ? '' : formatDateTime(job.finished_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
