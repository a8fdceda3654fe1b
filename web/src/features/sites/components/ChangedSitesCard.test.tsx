import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { ChangedSitesCard } from './ChangedSitesCard';

describe('ChangedSitesCard', () => {
  it('lists each site with its changed pages, linked to them', async () => {
    server.use(
      http.get('*/api/sites/changed', () =>
        HttpResponse.json([
          { site_id: 3, client_id: 7, name: 'Acme shop', pages: 4 },
          { site_id: 5, client_id: 8, name: 'Blog', pages: 1 },
        ]),
      ),
    );
    renderWithProviders(<ChangedSitesCard />, { session: sessionFor(adminUser) });
    const shop = await screen.findByRole('link', { name: 'Acme shop' });
    expect(shop).toHaveAttribute('href', '/clients/7/sites/3?state=changed');
    expect(screen.getByText('4 pages changed')).toBeInTheDocument();
    expect(screen.getByText('1 page changed')).toBeInTheDocument();
  });

  it('shows nothing when no page changed', async () => {
    let asked = false;
    server.use(
      http.get('*/api/sites/changed', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<ChangedSitesCard />, { session: sessionFor(adminUser) });
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Sites with changed pages' })).not.toBeInTheDocument();
  });
});
