import type { MtSettings } from '../api';
import { initialValues, toUpdate } from './useMtSettingsForm';

const stored: MtSettings = {
  provider: 'deepl',
  api_key_set: true,
  api_key_hint: '1234',
  base_url: null,
  model: null,
  formality: 'more',
  glossary_id: null,
  english_variant: 'en-us',
  source: 'settings',
};

describe('MT settings form values', () => {
  it('start from what the server stored, never with a key', () => {
    expect(initialValues(stored)).toEqual({
      provider: 'deepl',
      apiKey: '',
      clearKey: false,
      baseUrl: '',
      model: '',
      formality: 'more',
      glossaryId: '',
      englishVariant: 'en-us',
    });
  });

  it('read a provider the app does not know as none', () => {
    expect(initialValues({ ...stored, provider: 'babelfish' }).provider).toBe('none');
  });

  it('send the key only when typed or removed, and blank fields as null', () => {
    const values = { ...initialValues(stored), baseUrl: '  ', model: ' gpt ' };
    expect(toUpdate(values)).toEqual({
      provider: 'deepl',
      base_url: null,
      model: 'gpt',
      formality: 'more',
      glossary_id: null,
      english_variant: 'en-us',
    });
    expect(toUpdate({ ...values, apiKey: ' new-key ' }).api_key).toBe('new-key');
    expect(toUpdate({ ...values, apiKey: 'new-key', clearKey: true }).api_key).toBe('');
  });
});
