import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectEarningsPanel } from './ProjectEarningsPanel';

const earnings = {
  quote: { version: 2, total: 500, currency: 'EUR' },
  orders_total: 120.5,
  orders_currency: 'EUR',
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
});
