import { checkProfile, PAIR_LANGUAGES, type ProfileFields } from './check';

const fields = (change: Partial<ProfileFields> = {}): ProfileFields => ({
  currency: ' gbp ',
  defaultRate: 0.1,
  availability: ' Weekdays ',
  pairs: [
    { source: 'en', target: 'de', rate: '' },
    { source: 'en', target: 'pt-br', rate: 0.125 },
  ],
  ...change,
});

describe('checkProfile', () => {
  it('sends the currency in upper case, empty rates as null and the note trimmed', () => {
    expect(checkProfile(fields()).body).toEqual({
      currency: 'GBP',
      default_rate: 0.1,
      availability: 'Weekdays',
      pairs: [
        { source_lang: 'en', target_lang: 'de', rate: null },
        { source_lang: 'en', target_lang: 'pt-br', rate: 0.125 },
      ],
    });
  });

  it('names each field that breaks its rule and sends nothing', () => {
    const { errors, body } = checkProfile(
      fields({
        currency: 'EURO',
        defaultRate: -1,
        availability: 'x'.repeat(2001),
        pairs: [
          { source: null, target: 'de', rate: '' },
          { source: 'en', target: 'en', rate: 2000 },
          { source: 'en', target: 'fr', rate: '' },
          { source: 'en', target: 'fr', rate: '' },
        ],
      }),
    );
    expect(body).toBeUndefined();
    expect(errors).toEqual({
      currency: 'Enter a three-letter ISO 4217 code such as EUR or GBP.',
      defaultRate: 'Enter a rate from 0 to 1000.',
      availability: 'Keep the note to 2000 characters.',
      'pairs.0.source': 'Choose the source language.',
      'pairs.1.target': 'Choose a language other than the source.',
      'pairs.1.rate': 'Enter a rate from 0 to 1000.',
      'pairs.3.target': 'This pair is listed already.',
    });
  });

  it('offers the languages as the server keeps them: no regional variant but WPML’s own', () => {
    const codes = PAIR_LANGUAGES.map((l) => l.value);
    expect(codes).toContain('pt-br');
    expect(codes).toContain('zh-hans');
    expect(codes).toContain('de');
    expect(codes).not.toContain('de-at');
    expect(codes).not.toContain('en-us');
  });
});
