import { describe, expect, it } from 'vitest';
import { findTerms, termHint, type JobTerm } from './termHighlight';

const term = (source: string, targets: string[], kind = 'preferred', case_sensitive = false): JobTerm => ({
  source,
  targets,
  kind,
  case_sensitive,
});

const spans = (text: string, terms: JobTerm[]) =>
  findTerms(text, terms).map((m) => [text.slice(m.start, m.end), m.term.source]);

describe('findTerms', () => {
  it('finds whole words, ignoring case', () => {
    expect(spans('Go to Checkout, then checkouts or checkout.', [term('checkout', ['Kasse'])])).toEqual([
      ['Checkout', 'checkout'],
      ['checkout', 'checkout'],
    ]);
  });

  it('respects case-sensitive entries', () => {
    expect(spans('apple and Apple', [term('Apple', [], 'do_not_translate', true)])).toEqual([['Apple', 'Apple']]);
  });

  it('prefers the longer term and never overlaps', () => {
    expect(spans('Open the shopping cart.', [term('cart', ['Karre']), term('shopping cart', ['Warenkorb'])])).toEqual([
      ['shopping cart', 'shopping cart'],
    ]);
  });

  it('matches words of any script at their boundaries', () => {
    expect(spans('Büro, Bürostuhl', [term('büro', ['office'])])).toEqual([['Büro', 'büro']]);
  });
});

describe('termHint', () => {
  it('names the target, the forbidden one, or that the term stays', () => {
    expect(termHint(term('checkout', ['Kasse', 'Bezahlen']))).toBe('checkout → Kasse (also: Bezahlen)');
    expect(termHint(term('cart', ['Karre'], 'forbidden'))).toBe('cart: never "Karre"');
    expect(termHint(term('Acme', [], 'do_not_translate'))).toBe('Acme: do not translate');
  });
});
