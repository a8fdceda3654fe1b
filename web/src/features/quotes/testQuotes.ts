// Quotes as the server answers them, for this feature's tests.
import type { Quote, QuoteListItem } from './api';

export function quote(id: number, overrides: Partial<Quote> = {}): Quote {
  return {
    id,
    project_id: 1,
    version: id,
    state: 'sent',
    currency: 'EUR',
    numbers: {
      bands: [{ band: 'no_match', words: 100, percent: 100, weighted_words: 100, price: 12 }],
      words: 100,
      weighted_words: 100,
      word_price: 0.12,
      subtotal: 12,
      minimum_fee: 0,
      minimum_fee_applied: false,
      priced_total: 12,
    },
    discount: null,
    discount_amount: 0,
    extra_lines: [],
    total: 12,
    due_date: null,
    validity_days: 30,
    valid_until: '2099-01-31',
    terms: 'Payment within 30 days.',
    created_at: '2026-11-27T10:00:00Z',
    sent_at: '2026-11-27T10:05:00Z',
    answered_at: null,
    accepted_name: null,
    po_number: null,
    decline_reason: null,
    ...overrides,
  };
}

export function listed(id: number, overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  return {
    id,
    project_id: id,
    project_name: `Site ${id}`,
    client_id: 3,
    client_name: 'Acme',
    version: 1,
    state: 'sent',
    currency: 'EUR',
    total: 120,
    valid_until: '2099-01-31',
    created_at: '2026-11-27T10:00:00Z',
    sent_at: '2026-11-27T10:05:00Z',
    ...overrides,
  };
}
