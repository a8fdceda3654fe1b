// The profile form's rules, the server's own (services::translator_profiles): checked before
// sending so that the form names the field at once.
import { WPML_LANGUAGES } from '../flags/languages';
import type { ProfileBody } from '../../api/translatorProfiles';

export const MAX_RATE = 1000;
export const MAX_AVAILABILITY_CHARS = 2000;

/** WPML's own regional languages; every other regional code reduces to its language on the server. */
const REGIONAL = ['pt-br', 'pt-pt', 'zh-hans', 'zh-hant'];

/** The languages a pair may name, in the form the server keeps them, by name. */
export const PAIR_LANGUAGES: { value: string; label: string }[] = Object.entries(WPML_LANGUAGES)
  .filter(([code]) => !code.includes('-') || REGIONAL.includes(code))
  .map(([code, language]) => ({ value: code, label: `${language.name} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

const KNOWN = new Set(PAIR_LANGUAGES.map((l) => l.value));

export interface PairFields {
  source: string | null;
  target: string | null;
  /** Empty: the default rate. */
  rate: number | string;
}

export interface ProfileFields {
  currency: string;
  /** Empty: none. */
  defaultRate: number | string;
  availability: string;
  pairs: PairFields[];
}

/** Errors by field: `currency`, `defaultRate`, `availability`, `pairs`, `pairs.1.target`… */
export type ProfileErrors = Record<string, string>;

function rateError(value: number | string): string | null {
  if (value === '') return null;
  const rate = Number(value);
  return Number.isNaN(rate) || rate < 0 || rate > MAX_RATE ? `Enter a rate from 0 to ${MAX_RATE}.` : null;
}

const rateOf = (value: number | string): number | null => (value === '' ? null : Number(value));

/** What is wrong, per field; the body to send when nothing is. */
export function checkProfile(fields: ProfileFields): { errors: ProfileErrors; body?: ProfileBody } {
  const errors: ProfileErrors = {};
  const currency = fields.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'Enter a three-letter ISO 4217 code such as EUR or GBP.';
  const defaultRate = rateError(fields.defaultRate);
  if (defaultRate !== null) errors.defaultRate = defaultRate;
  if (fields.availability.trim().length > MAX_AVAILABILITY_CHARS) {
    errors.availability = `Keep the note to ${MAX_AVAILABILITY_CHARS} characters.`;
  }
  const seen = new Set<string>();
  fields.pairs.forEach((pair, i) => {
    if (pair.source === null || !KNOWN.has(pair.source)) errors[`pairs.${i}.source`] = 'Choose the source language.';
    if (pair.target === null || !KNOWN.has(pair.target)) errors[`pairs.${i}.target`] = 'Choose the target language.';
    else if (pair.target === pair.source) errors[`pairs.${i}.target`] = 'Choose a language other than the source.';
    else if (seen.has(`${pair.source}>${pair.target}`)) errors[`pairs.${i}.target`] = 'This pair is listed already.';
    seen.add(`${pair.source}>${pair.target}`);
    const rate = rateError(pair.rate);
    if (rate !== null) errors[`pairs.${i}.rate`] = rate;
  });
  if (Object.keys(errors).length > 0) return { errors };
  const availability = fields.availability.trim();
  return {
    errors,
    body: {
      currency,
      default_rate: rateOf(fields.defaultRate),
      availability: availability === '' ? null : availability,
      pairs: fields.pairs.map((pair) => ({
        source_lang: pair.source ?? '',
        target_lang: pair.target ?? '',
        rate: rateOf(pair.rate),
      })),
    },
  };
}
