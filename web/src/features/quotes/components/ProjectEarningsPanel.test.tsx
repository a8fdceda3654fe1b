import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectEarningsPanel } from './ProjectEarningsPanel';

const earnings = {
  quote: { version: 2, total: 500, currency: 'EUR' },
  orders_by_currency: [{ currency: 'EUR', total: 120.5, orders: 3, without_amount: 1 }],
  orders: 3,
  orders_without_amount: 1,
  mt_cost: 4.5,
  mt_currency: 'EUR',
  margin: 375,
};

describe('ProjectEarningsPanel', () => {
  it('shows the accepted quote less the orders and machine translation, and the margin', async () => {
    server.use(http.get('*/api/translation/4/earnings', () => HttpResponse.json(earnings)));
    renderWithProviders(<ProjectEarningsPanel projectId={4} />, { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Earnings' });
    const margin = within(table).getByRole('row', { name: /Margin/ });
    expect(margin).toHaveTextContent('€375.00');
    expect(within(table).getByRole('row', { name: /Accepted quote \(version 2\)/ })).toHaveTextContent('€500.00');
    expect(within(table).getByText('1 order has no amount and is not counted.')).toBeInTheDocument();
  });

  it('has no margin before a quote is accepted', async () => {
    server.use(
      http.get('*/api/translation/4/earnings', () =>
        HttpResponse.json({ ...earnings, quote: null, margin: null, orders_without_amount: 0 }),
      ),
    );
    renderWithProviders(<ProjectEarningsPanel projectId={4} />, { session: sessionFor(adminUser) });
    expect(await screen.findByText('Once a quote is accepted')).toBeInTheDocument();
    expect(screen.getByText('None accepted yet')).toBeInTheDocument();
  });

  it('shows the orders per currency and no margin when they are not all in the quote\'s', async () => {
    server.use(
      http.get('*/api/translation/4/earnings', () =>
        HttpResponse.json({
          ...earnings,
          orders_by_currency: [
            { currency: 'EUR', total: 80, orders: 1, without_amount: 0 },
            { currency: 'GBP', total: 45.25, orders: 2, without_amount: 0 },
          ],
          orders_without_amount: 0,
          margin: null,
        }),
      ),
    );
    renderWithProviders(<ProjectEarningsPanel projectId={4} />, { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Earnings' });
    expect(within(table).getByRole('row', { name: /In EUR \(1\)/ })).toHaveTextContent('€80.00');
    expect(within(table).getByRole('row', { name: /In GBP \(2\)/ })).toHaveTextContent('£45.25');
    expect(within(table).getByRole('row', { name: /Margin/ })).toHaveTextContent(
      'Not computed: the orders or machine translation are in another currency than the quote',
    );
  });
});
