import { Alert, Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReviewStart, ReviewSubmitted } from '../api';
import { jobPath } from '../paths';

/** The thank-you page after submitting: what was applied, and the drafts refused with why. */
export function SubmitSummary({ token, start, summary }: { token: string; start: ReviewStart; summary: ReviewSubmitted }) {
  const figures = [
    ['Changes applied', summary.applied],
    ['Unchanged', summary.unchanged],
    ['Approved', summary.approved],
    ['Comments', summary.comments],
  ] as const;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Thank you!
      </Title>
      <Text>
        Your review of {start.project_name} was sent to {start.agency_name}.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.map(([label, value]) => (
          <Paper key={label} withBorder p="sm" ta="center">
            <Text fz={26} fw={700}>
              {value}
            </Text>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {summary.refused.length > 0 && (
        <Alert color="orange" title={`${summary.refused.length} change${summary.refused.length === 1 ? ' was' : 's were'} not applied`}>
          <Text size="sm" mb="xs">
            These stay open for you: fix them and submit again.
          </Text>
          <List size="sm" spacing={4}>
            {summary.refused.map((refused) => (
              <List.Item key={refused.segment_id}>
                <Anchor component={Link} to={jobPath(token, refused.job_id, refused.segment_id)}>
                  {refused.file_name} · {refused.unit_key}
                </Anchor>
                : {refused.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
