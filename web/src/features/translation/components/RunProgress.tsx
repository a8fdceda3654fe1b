import { Alert, Group, List, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { RunStatus } from '../api';

export const TRANSLATION_COMPLETE = 'Translation complete.';
export const TRANSLATION_IN_PROGRESS =
  'Translation in progress. It runs on the server: you can close this window and come back to follow it.';

const numberFormat = new Intl.NumberFormat();

/**
 * A run's progress: jobs and segments done, where the targets came from, one line per finished
 * job, its notices (a glossary the provider refused) and how the run ended. Nothing while no run has started.
 */
export function RunProgress({ run }: { run: RunStatus }) {
  if (run.state === 'idle' && run.lines.length === 0) return null;
  const fraction = run.segments_total === 0 ? (run.state === 'done' ? 1 : 0) : run.segments_done / run.segments_total;
  return (
    <Stack gap="sm">
      {run.state === 'running' && (
        <Alert color="blue" role="status">
          {TRANSLATION_IN_PROGRESS}
        </Alert>
      )}
      <div>
        <Group justify="space-between" mb={4}>
          <Text size="sm">
            {run.jobs_done} of {run.jobs_total} jobs, {numberFormat.format(run.segments_done)} of{' '}
            {numberFormat.format(run.segments_total)} segments
          </Text>
          <Text size="sm" fw={500}>
            {Math.round(fraction * 100)}%
          </Text>
        </Group>
        <Progress
          value={Math.round(fraction * 100)}
          animated={run.state === 'running'}
          color={run.state === 'failed' ? 'red' : undefined}
          aria-label="Translation progress"
        />
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xs">
        <Count label="From translation memory" value={run.from_memory} />
        <Count label={run.pseudo ? 'Pseudo-translated' : 'Machine translated'} value={run.from_mt} />
        <Count label="Flagged for review" value={run.flagged} warn={run.flagged > 0} />
        <Count label="Term warnings" value={run.term_warnings} warn={run.term_warnings > 0} />
      </SimpleGrid>
      {run.lines.length > 0 && (
        <List spacing={4} size="sm" aria-label="Translated jobs" center>
          {run.lines.map((line) => (
            <List.Item
              key={`${line.job_id}-${line.kind}`}
              icon={
                <ThemeIcon color={line.kind === 'success' ? 'green' : 'yellow'} size={20} radius="xl">
                  {line.kind === 'success' ? <IconCheck size={13} /> : <IconAlertTriangle size={13} />}
                </ThemeIcon>
              }
              style={{ overflowWrap: 'anywhere' }}
            >
              {line.message}
            </List.Item>
          ))}
        </List>
      )}
      {run.notices.map((notice) => (
        <Alert key={notice} color="yellow" role="status" title="Notice">
          {notice}
        </Alert>
      ))}
      {run.state === 'failed' && run.error !== null && (
        <Alert color="yellow" role="alert">
          {run.error}
        </Alert>
      )}
      {run.state === 'done' && (
        <Alert color="green" role="status">
          {TRANSLATION_COMPLETE}
        </Alert>
      )}
    </Stack>
  );
}

function Count({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={700} c={warn ? 'yellow.8' : undefined}>
        {numberFormat.format(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
