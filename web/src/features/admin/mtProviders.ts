// What the MT settings form knows about each provider: its name, which settings it reads, and
// how a stored key is described (never the key itself).
import { MT_PROVIDERS, type MtProvider, type MtSettings } from './api';

export const PROVIDER_LABELS: Record<MtProvider, string> = {
  deepl: 'DeepL',
  google: 'Google Cloud Translation',
  libretranslate: 'LibreTranslate',
  openai: 'OpenAI-compatible (OpenAI, vLLM, Ollama, llama.cpp)',
  pseudo: 'Pseudo-translation (dry runs, no provider)',
  none: 'None',
};

export interface ProviderFields {
  key: boolean;
  baseUrl: boolean;
  model: boolean;
  deepl: boolean;
  english: boolean;
}

/** Which settings each provider reads. */
export const FIELDS: Record<MtProvider, ProviderFields> = {
  deepl: { key: true, baseUrl: true, model: false, deepl: true, english: true },
  google: { key: true, baseUrl: true, model: false, deepl: false, english: false },
  libretranslate: { key: true, baseUrl: true, model: false, deepl: false, english: false },
  openai: { key: true, baseUrl: true, model: true, deepl: false, english: true },
  pseudo: { key: false, baseUrl: false, model: false, deepl: false, english: false },
  none: { key: false, baseUrl: false, model: false, deepl: false, english: false },
};

export const FORMALITY_OPTIONS = [
  { value: 'default', label: 'Default' },
  { value: 'more', label: 'More formal' },
  { value: 'less', label: 'Less formal' },
  { value: 'prefer_more', label: 'More formal where available' },
  { value: 'prefer_less', label: 'Less formal where available' },
];

/** The server's provider name; one the app does not know reads as none. */
export function asProvider(value: string): MtProvider {
  return MT_PROVIDERS.find((provider) => provider === value) ?? 'none';
}

/** What the key field says about a stored key: never the key, at most its last characters. */
export function keyDescription(settings: MtSettings): string {
  if (!settings.api_key_set) return 'No key is set.';
  return settings.api_key_hint ? `A key is set, ends with …${settings.api_key_hint}.` : 'A key is set.';
}
