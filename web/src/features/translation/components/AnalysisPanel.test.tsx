import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FuzzyFill, ProjectAnalysis } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { AnalysisPanel } from './AnalysisPanel';

const BANDS = ['repetition', 'context', 'exact', 'fuzzy95', 'fuzzy85', 'fuzzy75', 'fuzzy50', 'no_match'] as const;

const analysis: ProjectAnalysis = {
  project_id: 1,
  jobs: [],
  bands: BANDS.map((band, i) => ({ band, segments: i + 1, words: (i + 1) * 10, characters: (i + 1) * 50 })),
  total: { segments: 36, words: 360, characters: 1800 },
};

describe('AnalysisPanel', () => {
  it('shows every band with the total and turns fuzzy filling on at 95 %', async () => {
    sessionFor(adminUser);
    const saved: FuzzyFill[] = [];
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json(analysis)),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
      http.put('*/api/translation/1/fuzzy-fill', async ({ request }) => {
        const body = (await request.json()) as FuzzyFill;
        saved.push(body);
        return HttpResponse.json(body);
      }),
    );
    const { user } = renderWithProviders(<AnalysisPanel projectId={1} />);
    const table = await screen.findByRole('table', { name: 'Analysis' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MatchSegmentsWordsCharacters',
      'Repetitions11050',
      '101 %220100',
      '100 %330150',
      '95–99 %440200',
      '85–94 %550250',
      '75–84 %660300',
      '50–74 %770350',
      'No match880400',
      'Total363601,800',
    ]);
    await user.click(screen.getByRole('switch', { name: /Fill fuzzy memory matches/ }));
    await waitFor(() => expect(saved).toEqual([{ threshold: 95 }]));
    expect(await screen.findByRole('textbox', { name: 'Lowest score filled' })).toHaveValue('95 %');
  });
});
