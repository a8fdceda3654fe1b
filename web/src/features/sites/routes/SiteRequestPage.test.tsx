import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SiteItem } from '../../../api/types';
import { customerUser, sessionFor, siteFixture } from '../../../test/fixtures';
import { paged } from '../../../test/handlers';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { SiteRequestPage } from './SiteRequestPage';

const item = (id: number, title: string, state: 'missing' | 'changed'): SiteItem => ({
  id,
  type: 'page',
  title,
  status: 'publish',
  parent: 0,
  modified: '2026-03-01T09:00:00Z',
  translations: [{ lang: 'de', state, post_id: state === 'missing' ? null : 90 + id }],
});

// What a customer is shown of their site: no user name, no password.
const customersSite = { ...siteFixture, username: null, password_last4: null };

function answers(sent: unknown[]) {
  server.use(
    http.get('*/api/client', ({ request }) => paged(request, [{ id: 7, client_name: 'Acme' }])),
    http.get('*/api/client/7/sites', () => HttpResponse.json([customersSite])),
    http.get('*/api/sites/3/content', ({ request }) => paged(request, [item(10, 'About us', 'changed'), item(12, 'Pricing', 'missing')])),
    http.post('*/api/sites/3/requests', async ({ request }) => {
      const body = (await request.json()) as { title: string; items: number[]; target_langs: string[] };
      sent.push(body);
      return HttpResponse.json(
        {
          id: 5,
          site_id: 3,
          title: body.title,
          requested_by: 40,
          requester_name: 'Casey Customer',
          due_date: null,
          note: null,
          pages: body.items.map((id) => ({ item_id: id, title: id === 10 ? 'About us' : 'Pricing', post_type: 'page' })),
          target_langs: body.target_langs,
          created_at: '2026-12-06T10:00:00Z',
          project_id: null,
        },
        { status: 201 },
      );
    }),
  );
}

describe('SiteRequestPage', () => {
  it('shows the site pages with their states, and sends the pages and languages picked', async () => {
    const sent: unknown[] = [];
    answers(sent);
    const { user } = renderWithProviders(<SiteRequestPage />, { session: sessionFor(customerUser) });
    // The only client and its only site are chosen; the pages show their state, read-only.
    expect(await screen.findByText('de: Source changed')).toBeInTheDocument();
    expect(screen.getByText('de: Not translated')).toBeInTheDocument();
    expect(screen.queryByText(/editor|uvwx/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByText('Pick at least one page.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Pick About us' }));
    expect(screen.getByText('1 page picked')).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Target languages/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'de' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'About page in German');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toEqual([{ title: 'About page in German', items: [10], target_langs: ['de'] }]));
    expect(await screen.findByRole('status')).toHaveTextContent('“About page in German” is with the agency: About us into de.');
  });

  it('names what the server refused', async () => {
    answers([]);
    server.use(
      http.post('*/api/sites/3/requests', () =>
        HttpResponse.json({ message: 'The site has no item 12; read its content again.' }, { status: 422 }),
      ),
    );
    const { user } = renderWithProviders(<SiteRequestPage />, { session: sessionFor(customerUser) });
    await user.click(await screen.findByRole('checkbox', { name: 'Pick Pricing' }));
    await user.click(screen.getByLabelText(/Target languages/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'fr' }));
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Pricing');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The site has no item 12; read its content again.')).toBeInTheDocument();
  });
});
