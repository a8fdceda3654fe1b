import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { listed } from '../testQuotes';

function serve(total: number) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/quotes', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const rows = url.searchParams.get('state') === 'accepted' ? [listed(2, { state: 'accepted' })] : [listed(1), listed(2)];
      return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(url.searchParams.has('state') ? rows.length : total) } });
    }),
    http.get('*/api/quotes/totals', () =>
      HttpResponse.json([
        { state: 'sent', currency: 'EUR', count: 3, amount: 360 },
        { state: 'accepted', currency: 'EUR', count: 1, amount: 120 },
      ]),
    ),
    http.get('*/api/client', () =>
      HttpResponse.json([{ id: 3, client_name: 'Acme', client_logo: null, date_created: '2026-01-01T00:00:00Z' }], {
        headers: { 'X-Total-Count': '1' },
      }),
    ),
  );
  return asked;
}

describe('QuotesPage', () => {
  it('lists the quotes with their totals per state, a page at a time', async () => {
    const asked = serve(120);
    renderApp('/quotes', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('link', { name: 'Site 1' })).toHaveAttribute('href', '/translation/1?tab=quote');
    const totals = screen.getByRole('list', { name: 'Totals per state' });
    expect(within(totals).getByText('Sent')).toBeInTheDocument();
    expect(within(totals).getByText(/3 · €360\.00/)).toBeInTheDocument();
    expect(within(totals).getByText(/1 · €120\.00/)).toBeInTheDocument();
    expect(screen.getByText(/of 120 quotes/)).toBeInTheDocument();
    expect(asked[0]).toContain('limit=50');
    expect(asked[0]).toContain('offset=0');
  });

  it('filters by state through the server', async () => {
    const asked = serve(2);
    const { user } = renderApp('/quotes?state=accepted', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('link', { name: 'Site 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Site 1' })).not.toBeInTheDocument();
    expect(asked.at(-1)).toContain('state=accepted');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => expect(asked.at(-1)).toContain('state=sent'));
  });
});
