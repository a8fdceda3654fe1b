import { segment } from '../../test/translation';
import { filterSegments, groupByField, originCounts } from './segmentFilter';

const segments = [
  segment(1, { source: 'Hello world', target: 'Hallo Welt', origin: 'memory', status: 'translated' }),
  segment(2, {
    source: 'Price',
    mt_target: 'Preis',
    origin: 'mt',
    status: 'needs_review',
    qa_flags: [{ kind: 'missing_numbers', message: 'Number 42 is missing' }],
  }),
  segment(3, { source: 'Contact', resname: 'footer-contact', origin: 'pseudo' }),
  segment(4, { source: 'Imprint' }),
];
const ids = (found: readonly { id: number }[]) => found.map((s) => s.id);

describe('filterSegments', () => {
  it('returns every segment for an empty filter', () => {
    expect(filterSegments(segments, { text: '  ', status: null, flaggedOnly: false })).toBe(segments);
  });

  it('finds text in source, target, MT target and context, ignoring case', () => {
    const byText = (text: string) => ids(filterSegments(segments, { text, status: null, flaggedOnly: false }));
    expect(byText('WORLD')).toEqual([1]);
    expect(byText('welt')).toEqual([1]);
    expect(byText('preis')).toEqual([2]);
    expect(byText('footer')).toEqual([3]);
  });

  it('combines status and QA flags with the text', () => {
    expect(ids(filterSegments(segments, { text: '', status: 'needs_review', flaggedOnly: false }))).toEqual([2]);
    expect(ids(filterSegments(segments, { text: '', status: null, flaggedOnly: true }))).toEqual([2]);
    expect(ids(filterSegments(segments, { text: 'hello', status: null, flaggedOnly: true }))).toEqual([]);
  });
});

describe('filterSegments by field', () => {
  it('keeps one field kind and finds text in the field label', () => {
    const fielded = [
      segment(1, { field: { kind: 'title', label: 'Title' } }),
      segment(2, { field: { kind: 'seo_description', label: 'Meta description (Yoast SEO)' } }),
    ];
    expect(ids(filterSegments(fielded, { text: '', status: null, flaggedOnly: false, field: 'seo_description' }))).toEqual([2]);
    expect(ids(filterSegments(fielded, { text: 'yoast', status: null, flaggedOnly: false }))).toEqual([2]);
    expect(ids(filterSegments(fielded, { text: '', status: null, flaggedOnly: false, field: null }))).toEqual([1, 2]);
  });
});

describe('originCounts', () => {
  it('counts memory, MT (pseudo included) and flagged segments', () => {
    expect(originCounts(segments)).toEqual({ memory: 1, mt: 2, flagged: 1 });
  });
});

describe('groupByField', () => {
  it('groups by kind in order of first appearance, file order within, with a heading on each first row', () => {
    const title = { kind: 'title', label: 'Title' } as const;
    const seo = { kind: 'seo_description', label: 'Meta description (Yoast SEO)' } as const;
    const mixed = [
      segment(1, { field: title }),
      segment(2),
      segment(3, { field: seo }),
      segment(4),
      segment(5, { field: title }),
    ];
    const { rows, groups } = groupByField(mixed);
    expect(ids(rows)).toEqual([1, 5, 2, 4, 3]);
    expect(Object.fromEntries(groups)).toEqual({
      1: { name: 'Title', count: 2 },
      2: { name: 'Custom fields', count: 2 },
      3: { name: 'SEO description', count: 1 },
    });
  });
});
