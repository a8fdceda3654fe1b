import { Alert, Badge, Button, Group, List, Loader, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLanguage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { jobKeys, translationKeys } from '../../../api/queryKeys';
import { errorText } from '../../../components/messages';
import { runQuery, useStartPretranslation, type ProjectId, type RunStatus } from '../api';

export const TRANSLATION_COMPLETE = 'Translation complete.';
export const TRANSLATION_IN_PROGRESS =
  'Translation in progress. It runs on the server: you can close this window and come back to follow it.';
export const PRETRANSLATE_TEXT =
  'Each job is translated separately. The run continues on the server, so this window does not need to stay open.';

const numberFormat = new Intl.NumberFormat();

/** Provider names as people know them. */
const PROVIDER_NAMES: Record<string, string> = {
  deepl: 'DeepL',
  google: 'Google Cloud Translation',
  libretranslate: 'LibreTranslate',
  openai: 'OpenAI-compatible model',
  pseudo: 'Pseudo-translation',
  none: 'none configured',
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

/** 'Begin Translation' and the live progress of the server-side run (issue 5, decision 10). */
export function PretranslatePanel({ projectId }: { projectId: ProjectId }) {
  const run = useQuery(runQuery(projectId));
  const start = useStartPretranslation(projectId);
  useRefreshWhenRunEnds(projectId, run.data);

  const state = run.data?.state;
  const running = state === 'running' || start.isPending;
  return (
    <Stack gap="sm">
      <Text>{PRETRANSLATE_TEXT}</Text>
      {run.data !== undefined && <RunSummary run={run.data} />}
      {run.isError && (
        <Alert color="yellow" role="alert">
          {errorText(run.error, { fallback: 'Could not load the translation progress.' })}
        </Alert>
      )}
      {start.isError && (
        <Alert color="yellow" role="alert">
          {errorText(start.error, { fallback: 'Failed to start the translation. Please check your console.' })}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={running ? <Loader size={16} color="gray" /> : <IconLanguage size={18} />}
          onClick={() => start.mutate()}
          disabled={run.isPending || running}
        >
          Begin Translation
        </Button>
      </Group>
      {run.data !== undefined && <RunProgress run={run.data} />}
    </Stack>
  );
}

/** When a run finishes, the project (now Pretranslated) and its jobs have new data. */
function useRefreshWhenRunEnds(projectId: ProjectId, run: RunStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<RunStatus['state'] | undefined>(undefined);
  const state = run?.state;
  useEffect(() => {
    if (previous.current === 'running' && state !== 'running') {
      void queryClient.invalidateQueries({ queryKey: translationKeys.detail(projectId) });
      void queryClient.invalidateQueries({ queryKey: translationKeys.list() });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
    previous.current = state;
  }, [state, projectId, queryClient]);
}

/** Provider and cost estimate, shown before starting. */
function RunSummary({ run }: { run: RunStatus }) {
  return (
    <Group gap="sm">
      <Text size="sm">
        Provider: <strong>{providerName(run.provider)}</strong>
      </Text>
      {run.pseudo && (
        <Badge color="grape" variant="light" tt="none">
          Pseudo run: not a real translation
        </Badge>
      )}
      {run.state !== 'running' && (
        <Text size="sm" c="dimmed">
          {run.characters_pending === 0
            ? 'Nothing left to translate.'
            : `${numberFormat.format(run.characters_pending)} characters of untranslated text to send`}
        </Text>
      )}
    </Group>
  );
}

function RunProgress({ run }: { run: RunStatus }) {
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
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Count label="From translation memory" value={run.from_memory} />
        <Count label={run.pseudo ? 'Pseudo-translated' : 'Machine translated'} value={run.from_mt} />
        <Count label="Flagged for review" value={run.flagged} warn={run.flagged > 0} />
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
