import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { MT_PROVIDERS, type MtSettings } from '../api';
import { asProvider, FORMALITY_OPTIONS, keyDescription, PROVIDER_LABELS } from '../mtProviders';
import { useMtSettingsForm } from './useMtSettingsForm';

const PROVIDER_OPTIONS = MT_PROVIDERS.map((value) => ({ value, label: PROVIDER_LABELS[value] }));

const ENGLISH_VARIANTS = [
  { value: 'en-gb', label: 'British (en-GB)' },
  { value: 'en-us', label: 'American (en-US)' },
];

/** The provider and its settings; only the fields the chosen provider reads are shown. */
export function MtSettingsForm({ settings }: { settings: MtSettings }) {
  const { values, set, fields, warning, saving, submit } = useMtSettingsForm(settings);

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
            data={PROVIDER_OPTIONS}
            value={values.provider}
            onChange={(value) => value !== null && set('provider', asProvider(value))}
            allowDeselect={false}
          />
          {fields.key && (
            <Stack gap={6}>
              <PasswordInput
                label="API key"
                description={`${keyDescription(settings)} ${settings.api_key_set ? 'Leave empty to keep it.' : ''}`}
                placeholder={settings.api_key_set ? 'Enter a new key to replace it' : 'Paste the key'}
                value={values.apiKey}
                onChange={(event) => set('apiKey', event.currentTarget.value)}
                disabled={values.clearKey}
                autoComplete="off"
              />
              {settings.api_key_set && (
                <Checkbox
                  label="Remove the stored key"
                  checked={values.clearKey}
                  onChange={(event) => set('clearKey', event.currentTarget.checked)}
                />
              )}
            </Stack>
          )}
          {fields.baseUrl && (
            <TextInput
              label="Base URL"
              description="Leave empty for the provider's own address"
              placeholder={values.provider === 'libretranslate' ? 'http://127.0.0.1:5000' : 'https://…'}
              value={values.baseUrl}
              onChange={(event) => set('baseUrl', event.currentTarget.value)}
            />
          )}
          {fields.model && (
            <TextInput
              label="Model"
              value={values.model}
              onChange={(event) => set('model', event.currentTarget.value)}
            />
          )}
          {fields.deepl && (
            <Group grow align="flex-start">
              <Select
                label="Formality"
                data={FORMALITY_OPTIONS}
                value={values.formality}
                onChange={(value) => set('formality', value)}
                clearable
                placeholder="Default"
              />
              <TextInput
                label="Glossary ID"
                value={values.glossaryId}
                onChange={(event) => set('glossaryId', event.currentTarget.value)}
              />
            </Group>
          )}
          {fields.english && (
            <Stack gap={4}>
              <Input.Label id="english-variant">English variant</Input.Label>
              <SegmentedControl
                aria-labelledby="english-variant"
                data={ENGLISH_VARIANTS}
                value={values.englishVariant}
                onChange={(value) => set('englishVariant', value === 'en-us' ? 'en-us' : 'en-gb')}
                w="fit-content"
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
