// The review's start page: the project, its pages (jobs) with their progress, the agency's note,
// and submitting the review (with a confirmation of the counts), then the thank-you summary.
import { Anchor, Badge, Blockquote, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../components/dates';
import { errorText } from '../../../components/messages';
import { reviewKeys, startQuery, submitReview, type ReviewStart, type ReviewSubmitted } from '../api';
import { ReviewShell } from '../components/ReviewShell';
import { SubmitSummary } from '../components/SubmitSummary';
import { jobPath } from '../paths';
import { languages } from './ReviewJobPage';

export function ReviewStartPage() {
  const token = useParams().token ?? '';
  return <ReviewShell token={token}>{(start) => <StartView token={token} start={start} />}</ReviewShell>;
}

function totals(start: ReviewStart) {
  return start.jobs.reduce(
    (sum, job) => ({
      segments: sum.segments + job.segments,
      approved: sum.approved + job.approved,
      changed: sum.changed + job.changed,
      comments: sum.comments + job.comments_open,
      qa: sum.qa + job.qa_warnings,
    }),
    { segments: 0, approved: 0, changed: 0, comments: 0, qa: 0 },
  );
}

function StartView({ token, start }: { token: string; start: ReviewStart }) {
  const queryClient = useQueryClient();
  const [summary, setSummary] = useState<ReviewSubmitted | null>(null);
  const submit = useMutation({
    mutationFn: () => submitReview(token),
    onSuccess: async (result) => {
      setSummary(result);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all(token) });
    },
  });

  if (summary !== null) return <SubmitSummary token={token} start={start} summary={summary} />;

  const confirm = async () => {
    // The counts as the server has them now, whatever this page last fetched.
    const fresh = totals(await queryClient.query(startQuery(token)).catch(() => start));
    openConfirm(fresh);
  };
  const openConfirm = (sum: ReturnType<typeof totals>) =>
    modals.openConfirmModal({
      title: 'Submit the review?',
      children: (
        <Stack gap={4}>
          <Text size="sm">
            {sum.changed} of {sum.segments} segments changed, {sum.approved} approved, {sum.comments} with open comments
            {sum.qa > 0 ? `, ${sum.qa} with QA warnings` : ''}.
          </Text>
          <Text size="sm">The agency receives your changes. Segments that cannot be applied stay open for you to fix.</Text>
        </Stack>
      ),
      labels: { confirm: 'Submit review', cancel: 'Keep reviewing' },
      onConfirm: () => submit.mutate(),
    });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {start.project_name}
        </Title>
        <Text c="dimmed">
          {start.reviewer_name != null ? `For ${start.reviewer_name} · ` : ''}
          Open until {formatDate(start.expires_at)}
        </Text>
      </div>
      {start.note != null && start.note.trim() !== '' && (
        <Blockquote p="sm" color="blue" cite={`— ${start.agency_name}`}>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{start.note}</Text>
        </Blockquote>
      )}
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Title order={2} fz="lg" mb="sm">
          Pages to review
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                <Table.Th>Languages</Table.Th>
                <Table.Th>Approved</Table.Th>
                <Table.Th>Changed</Table.Th>
                <Table.Th>Comments</Table.Th>
                <Table.Th>QA</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {start.jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={jobPath(token, job.id)}>
                      {job.file_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {languages(job)}
                  </Table.Td>
                  <Table.Td miw={140}>
                    <Text size="xs">
                      {job.approved} / {job.segments}
                    </Text>
                    <Progress
                      value={job.segments === 0 ? 100 : (job.approved / job.segments) * 100}
                      color="green"
                      size="sm"
                      aria-label={`${job.file_name}: ${job.approved} of ${job.segments} approved`}
                    />
                  </Table.Td>
                  <Table.Td>{job.changed}</Table.Td>
                  <Table.Td>{job.comments_open}</Table.Td>
                  <Table.Td>
                    {job.qa_warnings > 0 ? (
                      <Badge color="orange" variant="light" tt="none">
                        {job.qa_warnings}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {!start.read_only && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Your changes are saved as you work. Submit when you are done.
          </Text>
          <Button leftSection={<IconSend size={18} />} onClick={() => void confirm()} loading={submit.isPending}>
            Submit review
          </Button>
        </Group>
      )}
      {submit.isError && (
        <Text c="red" role="alert">
          {errorText(submit.error, { fallback: 'The review could not be submitted. Please try again.' })}
        </Text>
      )}
    </Stack>
  );
}
