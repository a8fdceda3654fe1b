import { Alert, Anchor, Badge, Grid, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../components/dates';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { projectQuery, statusHistoryQuery, type Project } from '../api';
import { DeliveryButton, OpenReviewButton, canReview, isDelivered } from '../components/ProjectActions';
import { StatusTimeline } from '../components/StatusTimeline';
import { portalPaths } from '../paths';

interface PortalProjectPageProps {
  /** The project's analysis (another feature's panel, handed in by the app). */
  analysis: (projectId: number) => ReactNode;
  /** The project's quotes, to accept or decline (another feature's panel, handed in by the app). */
  quote: (projectId: number) => ReactNode;
}

const count = new Intl.NumberFormat();

/** A project of the customer's: where it stands, what they can do now, its pages (jobs)
 * read-only and its analysis. */
export function PortalProjectPage({ analysis, quote }: PortalProjectPageProps) {
  const id = Number(useParams().id);
  const project = useQuery({ ...projectQuery(id), enabled: Number.isInteger(id) });
  return (
    <QueryState query={project} notFound="This project does not exist.">
      {(project) => <ProjectView project={project} analysis={analysis(project.id)} quote={quote(project.id)} />}
    </QueryState>
  );
}

function ProjectView({ project, analysis, quote }: { project: Project; analysis: ReactNode; quote: ReactNode }) {
  const history = useQuery(statusHistoryQuery(project.id));
  return (
    <>
      <PageHeader
        title={project.name}
        description={project.client?.client_name}
        actions={
          <>
            {canReview(project) && <OpenReviewButton project={project} />}
            {isDelivered(project) && <DeliveryButton project={project} />}
          </>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="md" h="100%">
          <Title order={3} size="h4" mb="sm">
            Status
          </Title>
          {history.isError ? (
            <Alert color="yellow" role="alert">
              The history of this project could not be loaded.
            </Alert>
          ) : (
            <StatusTimeline status={project.status} createdAt={project.date_created} history={history.data ?? []} />
          )}
          {!isDelivered(project) && (
            <Text size="sm" c="dimmed" mt="sm">
              The translated files can be downloaded here once the project is completed.
            </Text>
          )}
        </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="md" h="100%">
          <Title order={3} size="h4" mb="sm">
            Pages
          </Title>
          <Jobs project={project} />
        </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" mt="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Quote
          </Title>
          {quote}
        </Stack>
      </Paper>
      <Paper withBorder p="md" mt="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Analysis
          </Title>
          {analysis}
        </Stack>
      </Paper>
    </>
  );
}

function Jobs({ project }: { project: Project }) {
  const jobs = project.jobs ?? [];
  if (jobs.length === 0) return <Text c="dimmed">This project has no pages.</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped aria-label="Pages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Languages</Table.Th>
            <Table.Th ta="right">Translated</Table.Th>
            <Table.Th visibleFrom="sm">Added</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>
                <Anchor component={Link} to={portalPaths.job(job.id)} style={{ overflowWrap: 'anywhere' }}>
                  {job.file_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light">{job.source_lang ?? '?'}</Badge>→<Badge variant="light">{job.target_lang ?? '?'}</Badge>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                {count.format(job.translated_count)} / {count.format(job.segment_count)}
              </Table.Td>
              <Table.Td visibleFrom="sm">{formatDate(job.date_created)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
