import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor, siteFixture, siteRequestFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { SiteRequests } from './SiteRequests';

const waiting = siteRequestFixture;

describe('SiteRequests', () => {
  it('lists a waiting request with its pages and makes its project', async () => {
    const made: number[] = [];
    server.use(
      http.get('*/api/sites/3/requests', () => HttpResponse.json([waiting, { ...waiting, id: 4, title: 'Made before', project_id: 77 }])),
      http.post('*/api/sites/3/requests/5/project', () => {
        made.push(5);
        return HttpResponse.json({ id: 78, jobs: [], site_jobs: [] }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<SiteRequests site={siteFixture} />, { session: sessionFor(adminUser) });
    const request = await screen.findByRole('article', { name: 'Request “Team page in French”' });
    expect(request).toHaveTextContent('Our team');
    expect(request).toHaveTextContent('Item 99 (no longer on the site)');
    expect(request).toHaveTextContent('Before the fair, please.');
    expect(request).toHaveTextContent('due 2026-12-20');
    const done = screen.getByRole('article', { name: 'Request “Made before”' });
    expect(done.querySelector('a')).toHaveAttribute('href', '/translation/77');
    expect(screen.getAllByRole('button', { name: 'Create project and quote' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Create project and quote' }));
    await waitFor(() => expect(made).toEqual([5]));
  });

  it('says so when the requests cannot be read, instead of showing none', async () => {
    server.use(http.get('*/api/sites/3/requests', () => HttpResponse.json({ message: 'The database is busy' }, { status: 503 })));
    renderWithProviders(<SiteRequests site={siteFixture} />, { session: sessionFor(adminUser) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is busy');
  });

  it('shows nothing when the site has no request', async () => {
    let asked = false;
    server.use(
      http.get('*/api/sites/3/requests', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<SiteRequests site={siteFixture} />, { session: sessionFor(adminUser) });
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Requests from the client' })).not.toBeInTheDocument();
  });
});
