import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FuzzyFill, ProjectAnalysis } from '../../../api/types';
import { adminUser, customerUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { AnalysisPanel } from './AnalysisPanel';

const BANDS = ['repetition', 'context', 'exact', 'fuzzy95', 'fuzzy85', 'fuzzy75', 'fuzzy50', 'no_match'] as const;

const analysis: ProjectAnalysis = {
  project_id: 1,
  jobs: [],
  bands: BANDS.map((band, i) => ({ band, segments: i + 1, words: (i + 1) * 10, characters: (i + 1) * 50 })),
  fields: [],
  total: { segments: 36, words: 360, characters: 1800 },
  pricing: {
    scheme: {
      currency: 'EUR',
      word_price: 0.1,
      minimum_fee: 50,
      mt_price_per_million_characters: 20,
      percentages: {
        repetition: 10,
        context: 0,
        exact: 10,
        fuzzy95: 30,
        fuzzy85: 60,
        fuzzy75: 80,
        fuzzy50: 100,
        no_match: 100,
      },
    },
    scheme_source: 'client',
    priced: {
      bands: BANDS.map((band, i) => ({ band, percent: 100, weighted_words: (i + 1) * 1.5, price: (i + 1) * 0.15 })),
      weighted_words: 54,
      subtotal: 5.4,
      minimum_fee_applied: true,
      total: 50,
      mt_characters: 1000,
      mt_cost: 0.02,
    },
    jobs: [],
  },
};

describe('AnalysisPanel', () => {
  it('shows the words per field kind with their share', async () => {
    const fields = [
      { kind: 'title', segments: 2, words: 10, characters: 60 },
      { kind: 'body', segments: 5, words: 70, characters: 400 },
      { kind: 'seo_description', segments: 2, words: 20, characters: 130 },
    ] as ProjectAnalysis['fields'];
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json({ ...analysis, fields })),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
    );
    renderWithProviders(<AnalysisPanel projectId={1} />, { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Words per field' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FieldSegmentsWordsCharactersShare of words',
      'Title2106010%',
      'Body57040070%',
      'SEO description22013020%',
    ]);
  });

  it('shows no field table for a project of one field kind', async () => {
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json(analysis)),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
    );
    renderWithProviders(<AnalysisPanel projectId={1} />, { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Analysis' });
    expect(screen.queryByRole('table', { name: 'Words per field' })).not.toBeInTheDocument();
  });

  it('shows every band with the total and turns fuzzy filling on at 95 %', async () => {
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
    const { user } = renderWithProviders(<AnalysisPanel projectId={1} />, { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Analysis' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MatchSegmentsWordsCharactersWeighted wordsPrice',
      'Repetitions110501.5€0.15',
      '101 %2201003€0.30',
      '100 %3301504.5€0.45',
      '95–99 %4402006€0.60',
      '85–94 %5502507.5€0.75',
      '75–84 %6603009€0.90',
      '50–74 %77035010.5€1.05',
      'No match88040012€1.20',
      'Total363601,80054€50.00',
    ]);
    // The subtotal is under the minimum fee: the total is the fee, and the note says so.
    expect(screen.getByText(/at its minimum fee of €50.00/)).toHaveTextContent(
      "Priced by the client's rate scheme, at its minimum fee of €50.00. Internal machine translation cost: €0.02 for 1,000 characters.",
    );
    await user.click(screen.getByRole('switch', { name: /Fill fuzzy memory matches/ }));
    await waitFor(() => expect(saved).toEqual([{ threshold: 95 }]));
    expect(await screen.findByRole('textbox', { name: 'Lowest score filled' })).toHaveValue('95 %');
  });

  it('downloads the quote as a PDF file named after the project', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json(analysis)),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
      http.get('*/api/translation/1/quote.pdf', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:quote');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderWithProviders(<AnalysisPanel projectId={1} />, { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Download quote (PDF)' }));
    await waitFor(() => expect(names).toEqual(['quote-1.pdf']));
    expect(asked).toEqual(['/api/translation/1/quote.pdf']);
    click.mockRestore();
  });

  it("shows a customer the counts alone: no prices, no machine translation cost, no quote of today's counts", async () => {
    // As the server answers a customer: without the pricing.
    const counts = { ...analysis, pricing: undefined };
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json(counts)),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
    );
    renderWithProviders(<AnalysisPanel projectId={1} withFuzzyFill={false} />, { session: sessionFor(customerUser) });
    const table = await screen.findByRole('table', { name: 'Analysis' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/^MatchSegmentsWordsCharacters$/);
    expect(rows.at(-1)).toHaveTextContent(/^Total363601,800$/);
    expect(screen.queryByText(/machine translation cost/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Priced by/)).not.toBeInTheDocument();
    expect(screen.queryByText(/€/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download analysis (XLSX)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download quote (PDF)' })).not.toBeInTheDocument();
  });

  it('shows no prices to a customer even when an answer carries them', async () => {
    server.use(
      http.get('*/api/translation/1/analysis', () => HttpResponse.json(analysis)),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
    );
    renderWithProviders(<AnalysisPanel projectId={1} withFuzzyFill={false} />, { session: sessionFor(customerUser) });
    await screen.findByRole('table', { name: 'Analysis' });
    expect(screen.queryByText(/machine translation cost/)).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
  });
});
