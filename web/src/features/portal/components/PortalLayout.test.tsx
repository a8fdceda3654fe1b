// A customer signs in to the portal, not the staff's app: its own header and sections, no staff
// navigation, and every staff screen answers the 404 page. Staff keep their app as it was.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { customerUser, editorUser, sessionFor } from '../../../test/fixtures';
import { dashboardHandlers, paged } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { project } from '../../../test/translation';

const acme = {
  id: 7,
  client_name: 'Acme',
  client_logo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  date_created: '2026-03-01T09:30:00Z',
  author: null,
};

const STAFF_ITEMS = ['Dashboard', 'Clients', 'Translation', 'Rebranding', 'Administration'];

describe('the customer portal', () => {
  beforeEach(() =>
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', ({ request }) =>
        paged(request, [project(1, { name: 'Spring site', status: 'Translations_In_Correction' }), project(2, { name: 'Shop', status: 'Completed' })]),
      ),
    ),
  );

  it('greets a customer with their client and the portal sections, not the staff navigation', async () => {
    const { router } = renderApp('/', { session: sessionFor(customerUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    // The first render of the file loads every screen: slow on a busy machine.
    expect(await screen.findByRole('link', { name: 'Spring site' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Portal' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Projects',
      'Request',
      'Reviews',
      'Deliveries',
      'Brand',
      'Terms',
    ]);
    for (const item of STAFF_ITEMS) expect(screen.queryByRole('link', { name: item })).not.toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notifications/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /account menu$/i })).toBeInTheDocument();
    // Each project offers what can be done now.
    expect(screen.getByRole('button', { name: 'Open review of Spring site' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the delivery of Shop' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Step 3 of 5: In review' })).toBeInTheDocument();
  });

  it.each(['/clients', '/clients/7', '/translation', '/translation/1', '/job/1', '/rebranding', '/rebranding/1', '/admin'])(
    'answers the staff screen %s with the 404 page for a customer',
    async (path) => {
      renderApp(path, { session: sessionFor(customerUser) });
      expect(await screen.findByRole('alert')).toHaveTextContent('Page not found');
      expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument();
    },
  );

  it('shows a project with its status timeline and its pages, read-only', async () => {
    server.use(
      http.get('*/api/translation/1', () => HttpResponse.json(project(1, { name: 'Spring site', status: 'Translations_In_Correction' }))),
      http.get('*/api/translation/1/status-history', () =>
        HttpResponse.json([
          { from: 'Created', to: 'Pretranslated', manual: false, changed_at: '2026-03-02T10:00:00Z' },
          { from: 'Pretranslated', to: 'Translations_In_Correction', manual: false, changed_at: '2026-03-05T10:00:00Z' },
        ]),
      ),
      http.get('*/api/translation/1/analysis', () => HttpResponse.json({}, { status: 500 })),
      http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
    );
    renderApp('/portal/projects/1', { session: sessionFor(customerUser) });
    expect(await screen.findByRole('heading', { name: 'Spring site' })).toBeInTheDocument();
    expect(await screen.findByText('In review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'page-1.xliff' })).toHaveAttribute('href', '/portal/jobs/1');
    expect(screen.getByRole('button', { name: 'Open review of Spring site' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download the delivery/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /fuzzy/ })).not.toBeInTheDocument();
  });

  it('keeps the portal from staff: they get the 404 page in their own app', async () => {
    server.use(...dashboardHandlers());
    renderApp('/portal', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Portal' })).not.toBeInTheDocument();
  });

  it('leaves the staff app as it was', async () => {
    server.use(...dashboardHandlers());
    renderApp('/', { session: sessionFor(editorUser) });
    for (const item of ['Dashboard', 'Clients', 'Translation', 'Rebranding']) {
      expect(await screen.findByRole('link', { name: item })).toBeInTheDocument();
    }
    expect(screen.queryByRole('navigation', { name: 'Portal' })).not.toBeInTheDocument();
  });
});
