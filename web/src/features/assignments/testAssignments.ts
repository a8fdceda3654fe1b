import type { Assignment } from './api';

/** An assignment as the server answers it, with `overrides`. */
export function assignment(id: number, overrides: Partial<Assignment> = {}): Assignment {
  return {
    id,
    job_id: 10 + id,
    file_name: `page-${id}.xliff`,
    project_id: 3,
    project_name: 'Spring site',
    source_lang: 'en',
    target_lang: 'de',
    translator: 'tina',
    task: 'post_edit',
    due_at: '2030-01-31T17:00:00Z',
    note: null,
    amount: 1250,
    currency: 'EUR',
    rate: null,
    weighted_words: null,
    words: 420,
    unconfirmed_segments: 0,
    has_order: false,
    state: 'offered',
    reason: null,
    created_at: '2029-12-01T09:00:00Z',
    updated_at: '2029-12-01T09:00:00Z',
    ...overrides,
  };
}
