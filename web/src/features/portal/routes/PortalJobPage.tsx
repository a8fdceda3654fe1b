import { Anchor, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { MarkedText, segmentShortcodes } from '../../../components/markup';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { jobQuery, type JobDetail } from '../api';
import { portalPaths } from '../paths';

const PER_PAGE = 100;

/**
 * One page (job) of a project, its segments read-only: source and current translation as the
 * review shows them (tags as marks), for reading: without block comments, with characters for
 * their references, and each field's whole name.
 */
export function PortalJobPage() {
  const id = Number(useParams().id);
  const job = useQuery({ ...jobQuery(id), enabled: Number.isInteger(id) });
  return (
    <QueryState query={job} notFound="This page does not exist.">
      {(job) => <JobView job={job} />}
    </QueryState>
  );
}

function JobView({ job }: { job: JobDetail }) {
  const [page, setPage] = useState(1);
  const segments = job.segments.filter((segment) => segment.translatable);
  const pages = Math.max(1, Math.ceil(segments.length / PER_PAGE));
  const shown = segments.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return (
    <>
      <PageHeader
        title={job.file_name}
        description={
          <Anchor component={Link} to={portalPaths.project(job.project_id)}>
            Back to {job.project.name}
          </Anchor>
        }
      />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {segments.length} segments, {job.source_lang ?? '?'} → {job.target_lang ?? '?'}. To change a translation,
            open the project&apos;s review.
          </Text>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Segments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>#</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Translation</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((segment, index) => {
                  const tags = segmentShortcodes(segment.markup, job.shortcodes);
                  return (
                    <Table.Tr key={segment.id}>
                      <Table.Td>{(page - 1) * PER_PAGE + index + 1}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {segment.field.label}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <MarkedText text={segment.source} shortcodes={tags} reading />
                      </Table.Td>
                      <Table.Td>
                        <MarkedText text={segment.target} shortcodes={tags} placeholder="Not translated yet" reading />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Segment pages" />}
        </Stack>
      </Paper>
    </>
  );
}
