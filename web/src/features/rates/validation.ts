import type { RateScheme } from './api';

export type Percentages = RateScheme['percentages'];
export type Band = keyof Percentages;

/** The bands in the order a quote lists them, with their names. */
export const BANDS: [Band, string][] = [
  ['repetition', 'Repetitions'],
  ['context', '101 %'],
  ['exact', '100 %'],
  ['fuzzy95', '95–99 %'],
  ['fuzzy85', '85–94 %'],
  ['fuzzy75', '75–84 %'],
  ['fuzzy50', '50–74 %'],
  ['no_match', 'No match'],
];

/** The form's values: a number input is '' while empty. */
export interface SchemeFormValues {
  currency: string;
  word_price: number | string;
  minimum_fee: number | string;
  mt_price_per_million_characters: number | string;
  percentages: Record<Band, number | string>;
}

/** The limits the server checks too (it has the last word). */
const MAX_AMOUNT = 1_000_000;
const MAX_PERCENT = 1_000;

function amountError(value: number | string, max: number, unit: string): string | undefined {
  if (value === '' || typeof value !== 'number' || !Number.isFinite(value)) return 'A number is required';
  if (value < 0) return 'Must not be negative';
  if (value > max) return `At most ${max.toLocaleString()}${unit}`;
  return undefined;
}

/** What is wrong with the form, per field (`percentages.fuzzy85` for a band). */
export function validateScheme(values: SchemeFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[A-Za-z]{3}$/.test(values.currency.trim())) errors.currency = 'A three-letter ISO 4217 code such as EUR';
  for (const field of ['word_price', 'minimum_fee', 'mt_price_per_million_characters'] as const) {
    const error = amountError(values[field], MAX_AMOUNT, '');
    if (error !== undefined) errors[field] = error;
  }
  for (const [band] of BANDS) {
    const value = values.percentages[band];
    const error = amountError(value, MAX_PERCENT, ' %') ?? (Number.isInteger(value) ? undefined : 'A whole percentage');
    if (error !== undefined) errors[`percentages.${band}`] = error;
  }
  return errors;
}

export function toForm(scheme: RateScheme): SchemeFormValues {
  return { ...scheme, percentages: { ...scheme.percentages } };
}

/** Call only with values `validateScheme` passed. */
export function toBody(values: SchemeFormValues): RateScheme {
  const percentages = Object.fromEntries(BANDS.map(([band]) => [band, Number(values.percentages[band])])) as Percentages;
  return {
    currency: values.currency.trim().toUpperCase(),
    word_price: Number(values.word_price),
    minimum_fee: Number(values.minimum_fee),
    mt_price_per_million_characters: Number(values.mt_price_per_million_characters),
    percentages,
  };
}
