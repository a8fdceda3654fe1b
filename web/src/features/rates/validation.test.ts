import type { RateScheme } from './api';
import { toBody, toForm, validateScheme } from './validation';

const scheme: RateScheme = {
  currency: 'EUR',
  word_price: 0.12,
  minimum_fee: 25,
  mt_price_per_million_characters: 20,
  percentages: { repetition: 10, context: 0, exact: 10, fuzzy95: 30, fuzzy85: 60, fuzzy75: 80, fuzzy50: 100, no_match: 100 },
};

describe('validateScheme', () => {
  it('passes a valid scheme and sends it back unchanged, the currency in upper case', () => {
    const values = { ...toForm(scheme), currency: ' usd ' };
    expect(validateScheme(values)).toEqual({});
    expect(toBody(values)).toEqual({ ...scheme, currency: 'USD' });
  });

  it('names each wrong field', () => {
    const values = toForm(scheme);
    values.currency = 'EURO';
    values.word_price = -1;
    values.minimum_fee = '';
    values.mt_price_per_million_characters = 2_000_000;
    values.percentages.fuzzy85 = 1_001;
    values.percentages.exact = 12.5;
    expect(validateScheme(values)).toEqual({
      currency: 'A three-letter ISO 4217 code such as EUR',
      word_price: 'Must not be negative',
      minimum_fee: 'A number is required',
      mt_price_per_million_characters: 'At most 1,000,000',
      'percentages.fuzzy85': 'At most 1,000 %',
      'percentages.exact': 'A whole percentage',
    });
  });
});
