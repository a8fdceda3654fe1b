import { siteRequestBody, siteRequestErrors, type SiteRequestFields } from './siteRequest';

const complete: SiteRequestFields = {
  siteId: 3,
  title: ' Spring pages ',
  items: [10, 12],
  languages: ['de'],
  dueDate: '2026-12-20',
  note: '',
};

describe('siteRequestErrors', () => {
  it('passes a complete request', () => {
    expect(siteRequestErrors(complete, '2026-12-06')).toEqual({});
  });

  it('names every missing or wrong field', () => {
    const errors = siteRequestErrors(
      { siteId: null, title: '  ', items: [], languages: [], dueDate: '2026-12-01', note: 'x'.repeat(4001) },
      '2026-12-06',
    );
    expect(errors).toEqual({
      siteId: 'Choose the site.',
      title: 'Enter a title.',
      items: 'Pick at least one page.',
      languages: 'Pick at least one language.',
      dueDate: 'The due date is in the past.',
      note: 'At most 4,000 characters.',
    });
  });

  it('takes today as a due date', () => {
    expect(siteRequestErrors({ ...complete, dueDate: '2026-12-06' }, '2026-12-06')).toEqual({});
  });
});

describe('siteRequestBody', () => {
  it('trims and leaves out what is empty', () => {
    expect(siteRequestBody({ ...complete, dueDate: '' })).toEqual({ title: 'Spring pages', items: [10, 12], target_langs: ['de'] });
    expect(siteRequestBody({ ...complete, note: ' By Friday ' })).toMatchObject({ due_date: '2026-12-20', note: 'By Friday' });
  });
});
