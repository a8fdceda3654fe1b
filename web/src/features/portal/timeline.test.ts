import type { StatusChange } from './api';
import { stepIndex, timeline } from './timeline';

const created = '2026-03-01T09:30:00Z';
const change = (from: StatusChange['from'], to: StatusChange['to'], changed_at: string, manual = false): StatusChange => ({
  from,
  to,
  changed_at,
  manual,
});

describe('the status timeline', () => {
  it('marks the steps before the status done, the status current, the rest to come, with their days', () => {
    const steps = timeline('Translations_In_Correction', created, [
      change('Created', 'Pretranslated', '2026-03-02T10:00:00Z'),
      change('Pretranslated', 'Translations_In_Correction', '2026-03-05T10:00:00Z'),
    ]);
    expect(steps).toEqual([
      { label: 'Created', state: 'done', at: created },
      { label: 'Pre-translated', state: 'done', at: '2026-03-02T10:00:00Z' },
      { label: 'In review', state: 'current', at: '2026-03-05T10:00:00Z' },
      { label: 'Corrected', state: 'pending', at: null },
      { label: 'Completed', state: 'pending', at: null },
    ]);
  });

  it('shows the latest arrival at a step and no day for a step a person skipped', () => {
    const steps = timeline('Completed', created, [
      change('Created', 'Pretranslated', '2026-03-02T10:00:00Z'),
      change('Pretranslated', 'Created', '2026-03-03T10:00:00Z', true),
      change('Created', 'Pretranslated', '2026-03-04T10:00:00Z'),
      change('Pretranslated', 'Completed', '2026-03-09T10:00:00Z', true),
    ]);
    expect(steps.map((step) => [step.state, step.at])).toEqual([
      ['done', created],
      ['done', '2026-03-04T10:00:00Z'],
      ['done', null],
      ['done', null],
      ['current', '2026-03-09T10:00:00Z'],
    ]);
  });

  it('counts an unknown status as the first step', () => {
    expect(stepIndex('Archived')).toBe(0);
    expect(stepIndex('Completed')).toBe(4);
  });
});
