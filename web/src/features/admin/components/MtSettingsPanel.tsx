import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  PasswordInput,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { QueryState } from '../../../components/QueryState';
import {
  MT_PROVIDERS,
  mtSettingsQuery,
  useSaveMtSettings,
  useTestMtConnection,
  type MtProvider,
  type MtSettings,
  type MtSettingsUpdate,
} from '../api';

export const SETTINGS_SAVED = 'Settings saved';

const PROVIDER_LABELS: Record<MtProvider, string> = {
  deepl: 'DeepL',
  google: 'Google Cloud Translation',
  libretranslate: 'LibreTranslate',
  openai: 'OpenAI-compatible (OpenAI, vLLM, Ollama, llama.cpp)',
  pseudo: 'Pseudo-translation (dry runs, no provider)',
  none: 'None',
};

/** Which settings each provider reads. */
const FIELDS: Record<MtProvider, { key: boolean; baseUrl: boolean; model: boolean; deepl: boolean; english: boolean }> = {
  deepl: { key: true, baseUrl: true, model: false, deepl: true, english: true },
  google: { key: true, baseUrl: true, model: false, deepl: false, english: false },
  libretranslate: { key: true, baseUrl: true, model: false, deepl: false, english: false },
  openai: { key: true, baseUrl: true, model: true, deepl: false, english: true },
  pseudo: { key: false, baseUrl: false, model: false, deepl: false, english: false },
  none: { key: false, baseUrl: false, model: false, deepl: false, english: false },
};

const FORMALITY_OPTIONS = [
  { value: 'default', label: 'Default' },
  { value: 'more', label: 'More formal' },
  { value: 'less', label: 'Less formal' },
  { value: 'prefer_more', label: 'More formal where available' },
  { value: 'prefer_less', label: 'Less formal where available' },
];

const numberFormat = new Intl.NumberFormat();

/** What the key field says about a stored key: never the key, at most its last characters. */
export function keyDescription(settings: MtSettings): string {
  if (!settings.api_key_set) return 'No key is set.';
  return settings.api_key_hint ? `A key is set, ends with …${settings.api_key_hint}.` : 'A key is set.';
}

/** Administration → Settings: the machine translation provider (decision 9). */
export function MtSettingsPanel() {
  const query = useQuery(mtSettingsQuery());
  return (
    <QueryState query={query}>
      {(settings) => (
        <Stack maw={720} gap="lg">
          {/* Remounted after each save so the form starts from what the server stored. */}
          <MtSettingsForm key={JSON.stringify(settings)} settings={settings} />
          <ConnectionTest />
        </Stack>
      )}
    </QueryState>
  );
}

/** The server's provider name; one the app does not know reads as none. */
function asProvider(value: string): MtProvider {
  return MT_PROVIDERS.find((provider) => provider === value) ?? 'none';
}

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

function MtSettingsForm({ settings }: { settings: MtSettings }) {
  const save = useSaveMtSettings();
  const [provider, setProvider] = useState<MtProvider>(asProvider(settings.provider));
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [baseUrl, setBaseUrl] = useState(settings.base_url ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  const [formality, setFormality] = useState<string | null>(settings.formality ?? null);
  const [glossaryId, setGlossaryId] = useState(settings.glossary_id ?? '');
  const [englishVariant, setEnglishVariant] = useState(settings.english_variant === 'en-us' ? 'en-us' : 'en-gb');
  const [warning, setWarning] = useState<string | null>(null);
  const fields = FIELDS[provider];

  const submit = async () => {
    setWarning(null);
    const update: MtSettingsUpdate = {
      provider,
      base_url: blankToNull(baseUrl),
      model: blankToNull(model),
      formality,
      glossary_id: blankToNull(glossaryId),
      english_variant: englishVariant,
    };
    // The key is sent only when typed (replace) or explicitly removed; otherwise it is kept.
    if (clearKey) update.api_key = '';
    else if (apiKey.trim() !== '') update.api_key = apiKey.trim();
    try {
      await save.mutateAsync(update);
      notifySuccess(SETTINGS_SAVED);
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The settings could not be saved. Please check the logs.' }));
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mt-settings">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Title order={3} id="mt-settings">
            Machine translation
          </Title>
          {settings.source === 'environment' && (
            <Text size="sm" c="dimmed">
              These values come from the server&apos;s environment variables. Saving here overrides them.
            </Text>
          )}
          {warning !== null && (
            <Alert color="yellow" role="alert">
              {warning}
            </Alert>
          )}
          <Select
            label="Provider"
            data={MT_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABELS[value] }))}
            value={provider}
            onChange={(value) => value !== null && setProvider(asProvider(value))}
            allowDeselect={false}
          />
          {fields.key && (
            <Stack gap={6}>
              <PasswordInput
                label="API key"
                description={`${keyDescription(settings)} ${settings.api_key_set ? 'Leave empty to keep it.' : ''}`}
                placeholder={settings.api_key_set ? 'Enter a new key to replace it' : 'Paste the key'}
                value={apiKey}
                onChange={(event) => setApiKey(event.currentTarget.value)}
                disabled={clearKey}
                autoComplete="off"
              />
              {settings.api_key_set && (
                <Checkbox
                  label="Remove the stored key"
                  checked={clearKey}
                  onChange={(event) => setClearKey(event.currentTarget.checked)}
                />
              )}
            </Stack>
          )}
          {fields.baseUrl && (
            <TextInput
              label="Base URL"
              description="Leave empty for the provider's own address"
              placeholder={provider === 'libretranslate' ? 'http://127.0.0.1:5000' : 'https://…'}
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.currentTarget.value)}
            />
          )}
          {fields.model && (
            <TextInput label="Model" value={model} onChange={(event) => setModel(event.currentTarget.value)} />
          )}
          {fields.deepl && (
            <Group grow align="flex-start">
              <Select
                label="Formality"
                data={FORMALITY_OPTIONS}
                value={formality}
                onChange={setFormality}
                clearable
                placeholder="Default"
              />
              <TextInput
                label="Glossary ID"
                value={glossaryId}
                onChange={(event) => setGlossaryId(event.currentTarget.value)}
              />
            </Group>
          )}
          {fields.english && (
            <Stack gap={4}>
              <Input.Label id="english-variant">English variant</Input.Label>
              <SegmentedControl
                aria-labelledby="english-variant"
                data={[
                  { value: 'en-gb', label: 'British (en-GB)' },
                  { value: 'en-us', label: 'American (en-US)' },
                ]}
                value={englishVariant}
                onChange={(value) => setEnglishVariant(value === 'en-us' ? 'en-us' : 'en-gb')}
                w="fit-content"
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ConnectionTest() {
  const test = useTestMtConnection();
  const result = test.data;
  const usage = result?.usage ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="mt-test">
      <Stack>
        <Group justify="space-between">
          <Title order={3} id="mt-test">
            Connection
          </Title>
          <Button
            variant="light"
            leftSection={<IconPlugConnected size={18} />}
            onClick={() => test.mutate()}
            loading={test.isPending}
          >
            Test connection
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Tests the saved settings with a short request to the provider.
        </Text>
        {test.isError && (
          <Alert color="red" role="alert">
            {errorText(test.error, { fallback: 'The test could not be run. Please check the logs.' })}
          </Alert>
        )}
        {result !== undefined && (
          <Alert color={result.ok ? 'green' : 'red'} role="status" title={result.ok ? 'Connected' : 'Connection failed'}>
            <Stack gap={6}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {result.message}
              </Text>
              {usage !== null && (
                <>
                  <Text size="sm">
                    Usage: {numberFormat.format(usage.characters_used)} of{' '}
                    {numberFormat.format(usage.characters_limit)} characters this period
                  </Text>
                  <Progress
                    value={
                      usage.characters_limit === 0
                        ? 0
                        : (100 * usage.characters_used) / usage.characters_limit
                    }
                    aria-label="Quota used"
                  />
                </>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
