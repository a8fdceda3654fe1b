import { useState } from 'react';
import { errorText, notifySuccess } from '../../../components/messages';
import { useSaveMtSettings, type MtProvider, type MtSettings, type MtSettingsUpdate } from '../api';
import { asProvider, FIELDS } from '../mtProviders';

export const SETTINGS_SAVED = 'Settings saved';

export interface MtFormValues {
  provider: MtProvider;
  /** A new key to store; empty keeps the stored one. */
  apiKey: string;
  /** Removes the stored key (wins over a typed one). */
  clearKey: boolean;
  baseUrl: string;
  model: string;
  formality: string | null;
  glossaryId: string;
  englishVariant: 'en-gb' | 'en-us';
}

export function initialValues(settings: MtSettings): MtFormValues {
  return {
    provider: asProvider(settings.provider),
    apiKey: '',
    clearKey: false,
    baseUrl: settings.base_url ?? '',
    model: settings.model ?? '',
    formality: settings.formality ?? null,
    glossaryId: settings.glossary_id ?? '',
    englishVariant: settings.english_variant === 'en-us' ? 'en-us' : 'en-gb',
  };
}

function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

/** The PUT body; the key is sent only when typed (replace) or explicitly removed, else it is kept. */
export function toUpdate(values: MtFormValues): MtSettingsUpdate {
  const update: MtSettingsUpdate = {
    provider: values.provider,
    base_url: blankToNull(values.baseUrl),
    model: blankToNull(values.model),
    formality: values.formality,
    glossary_id: blankToNull(values.glossaryId),
    english_variant: values.englishVariant,
  };
  if (values.clearKey) update.api_key = '';
  else if (values.apiKey.trim() !== '') update.api_key = values.apiKey.trim();
  return update;
}

/** The MT settings form's values, the fields its provider reads, and saving them. */
export function useMtSettingsForm(settings: MtSettings) {
  const save = useSaveMtSettings();
  const [values, setValues] = useState(() => initialValues(settings));
  const [warning, setWarning] = useState<string | null>(null);

  const set = <K extends keyof MtFormValues>(key: K, value: MtFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async () => {
    setWarning(null);
    try {
      await save.mutateAsync(toUpdate(values));
      notifySuccess(SETTINGS_SAVED);
    } catch (error) {
      setWarning(errorText(error, { fallback: 'The settings could not be saved. Please check the logs.' }));
    }
  };

  return { values, set, fields: FIELDS[values.provider], warning, saving: save.isPending, submit };
}
