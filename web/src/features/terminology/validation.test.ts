import { describe, expect, it } from 'vitest';
import { toBody, validateTerm, type TermFormValues } from './validation';

const valid: TermFormValues = {
  source_lang: 'en',
  target_lang: 'de',
  source: 'checkout',
  targets: 'Kasse\n\n Bezahlung ',
  kind: 'preferred',
  case_sensitive: false,
  part_of_speech: '',
  note: '',
};

describe('validateTerm', () => {
  it('accepts a complete entry and sends its variants one per line', () => {
    expect(validateTerm(valid)).toEqual({});
    expect(toBody(valid).targets).toEqual(['Kasse', 'Bezahlung']);
    expect(toBody(valid).note).toBeNull();
  });

  it('names each problem', () => {
    const errors = validateTerm({ ...valid, source_lang: 'x', source: ' ', targets: '' });
    expect(errors.source_lang).toMatch(/language code/);
    expect(errors.source).toMatch(/required/);
    expect(errors.targets).toMatch(/at least one/i);
    expect(validateTerm({ ...valid, target_lang: 'EN', source_lang: 'en' }).target_lang).toMatch(/differ/);
    expect(validateTerm({ ...valid, targets: 'a|b' }).targets).toMatch(/\|/);
  });

  it('needs no target for do-not-translate terms and sends none', () => {
    const dnt = { ...valid, kind: 'do_not_translate' as const, targets: '' };
    expect(validateTerm(dnt)).toEqual({});
    expect(toBody({ ...dnt, targets: 'ignored' }).targets).toEqual([]);
  });
});
