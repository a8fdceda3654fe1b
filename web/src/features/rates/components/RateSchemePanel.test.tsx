import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { editorUser, sessionFor, translatorUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import type { RateScheme, SchemeAnswer } from '../api';
import { RateSchemePanel } from './RateSchemePanel';

const scheme: RateScheme = {
  currency: 'EUR',
  word_price: 0.12,
  minimum_fee: 25,
  mt_price_per_million_characters: 20,
  percentages: { repetition: 10, context: 0, exact: 10, fuzzy95: 30, fuzzy85: 60, fuzzy75: 80, fuzzy50: 100, no_match: 100 },
};

describe('RateSchemePanel', () => {
  it('refuses a wrong field before sending, then saves the client a scheme of their own', async () => {
    let stored: SchemeAnswer = { scheme, source: 'default' };
    const sent: RateScheme[] = [];
    server.use(
      http.get('*/api/client/7/rate-scheme', () => HttpResponse.json(stored)),
      http.put('*/api/client/7/rate-scheme', async ({ request }) => {
        const body = (await request.json()) as RateScheme;
        sent.push(body);
        stored = { scheme: body, source: 'client' };
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderWithProviders(<RateSchemePanel owner={7} />, { session: sessionFor(editorUser) });
    expect(await screen.findByText(/The agency's default applies/)).toBeInTheDocument();

    const currency = screen.getByRole('textbox', { name: /Currency/ });
    await user.clear(currency);
    await user.type(currency, 'EURO');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('A three-letter ISO 4217 code such as EUR')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(currency);
    await user.type(currency, 'usd');
    const fuzzy85 = screen.getByRole('textbox', { name: '85–94 %' });
    await user.clear(fuzzy85);
    await user.type(fuzzy85, '50');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() =>
      expect(sent).toEqual([{ ...scheme, currency: 'USD', percentages: { ...scheme.percentages, fuzzy85: 50 } }]),
    );
    expect(await screen.findByText("This client's own rate scheme.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Use the agency's default" })).toBeInTheDocument();
  });

  it('shows the default read-only to a translator', async () => {
    server.use(http.get('*/api/settings/rate-scheme', () => HttpResponse.json({ scheme, source: 'built_in' })));
    renderWithProviders(<RateSchemePanel owner={null} />, {
      session: sessionFor(translatorUser),
    });
    expect(await screen.findByText(/built-in rates/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Currency/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rates' })).not.toBeInTheDocument();
  });
});
