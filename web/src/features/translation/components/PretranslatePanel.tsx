import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useCan } from '../../../api/permissions';
import { errorText } from '../../../components/messages';
import type { ProjectId, RunStatus } from '../api';
import { AnalysisPanel } from './AnalysisPanel';
import { RunProgress } from './RunProgress';
import { usePretranslation } from './usePretranslation';

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

/**
 * 'Begin Translation' and the live progress of the run. The run goes on on the server: closing
 * the window does not stop it, and reopening the project shows where it stands.
 */
export function PretranslatePanel({ projectId }: { projectId: ProjectId }) {
  const { run, start, running } = usePretranslation(projectId);
  const canStart = useCan('pretranslation.run');
  return (
    <Stack gap="sm">
      <Text>{PRETRANSLATE_TEXT}</Text>
      <AnalysisPanel projectId={projectId} />
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
      {canStart && (
        <Group>
          <Button
            leftSection={running ? <Loader size={16} color="gray" /> : <IconLanguage size={18} />}
            onClick={() => start.mutate()}
            disabled={run.isPending || running}
          >
            Begin Translation
          </Button>
        </Group>
      )}
      {run.data !== undefined && <RunProgress run={run.data} />}
    </Stack>
  );
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
