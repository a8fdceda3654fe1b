// Builders for translation projects, jobs, segments and runs as the server's JSON has them.
import type { Job, JobDetail, Project, ProjectAnalysis, RunStatus, Segment } from '../api/types';

export function job(id: number, changes: Partial<Job> = {}): Job {
  return {
    id,
    project_id: 1,
    wpml_id: String(1000 + id),
    file_name: `page-${id}.xliff`,
    post_type: 'page',
    source_lang: 'en',
    target_lang: 'de',
    xliff_version: '1.2',
    segment_count: 3,
    translated_count: 0,
    date_created: '2026-03-01T09:30:00Z',
    ...changes,
  };
}

export function project(id: number, changes: Partial<Project> = {}): Project {
  const name = changes.name ?? `Website ${id}`;
  const status = changes.status ?? 'Created';
  return {
    id,
    name,
    project_name: name,
    status,
    project_status: status,
    client: { id: 7, client_name: 'Acme' },
    target_lang: 'de',
    target_langs: ['de'],
    source_lang: 'en',
    date_created: '2026-03-01T09:30:00Z',
    author: { first_name: 'Ada', last_name: 'Lovelace' },
    job_count: 2,
    segment_count: 6,
    site: null,
    jobs: [job(1), job(2, { target_lang: 'fr' })],
    ...changes,
  };
}

export function segment(id: number, changes: Partial<Segment> = {}): Segment {
  return {
    id,
    position: id - 1,
    unit_key: `unit-${id}`,
    unit_id: `u${id}`,
    resname: `title-${id}`,
    field: { kind: 'custom_field', label: `Custom field: title-${id}` },
    translatable: true,
    markup: 'html',
    source: `Source text ${id}`,
    target: null,
    mt_target: null,
    origin: 'none',
    status: 'new',
    qa_flags: [],
    comment: null,
    revision: 0,
    review_draft: null,
    qa_acknowledged: [],
    ...changes,
  };
}

export function jobDetail(id: number, segments: Segment[], changes: Partial<Job> = {}): JobDetail {
  return {
    ...job(id, changes),
    project: { id: 1, name: 'Website 1' },
    segments,
    segment_count: segments.length,
    terms: [],
    review_conflicts: [],
  };
}

export function run(changes: Partial<RunStatus> = {}): RunStatus {
  return {
    state: 'idle',
    provider: 'deepl',
    pseudo: false,
    jobs_total: 3,
    jobs_done: 0,
    segments_total: 30,
    segments_done: 0,
    from_memory: 0,
    from_mt: 0,
    flagged: 0,
    term_warnings: 0,
    characters_pending: 1234,
    lines: [],
    error: null,
    notices: [],
    ...changes,
  };
}

/** An empty project's analysis, priced by the built-in scheme. */
export function emptyAnalysis(projectId: number): ProjectAnalysis {
  return {
    project_id: projectId,
    jobs: [],
    bands: [],
    fields: [],
    total: { segments: 0, words: 0, characters: 0 },
    pricing: {
      scheme: {
        currency: 'EUR',
        word_price: 0.12,
        minimum_fee: 0,
        mt_price_per_million_characters: 20,
        percentages: { repetition: 10, context: 0, exact: 10, fuzzy95: 30, fuzzy85: 60, fuzzy75: 80, fuzzy50: 100, no_match: 100 },
      },
      scheme_source: 'built_in',
      priced: { bands: [], weighted_words: 0, subtotal: 0, minimum_fee_applied: false, total: 0, mt_characters: 0, mt_cost: 0 },
      jobs: [],
    },
  };
}
