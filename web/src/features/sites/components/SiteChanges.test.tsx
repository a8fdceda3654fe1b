import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, customerUser, sessionFor, siteFixture } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { SiteChanges } from './SiteChanges';

function changes(pages: number, jobs: number, next: string | null = '2026-03-02T09:40:00Z') {
  server.use(http.get('*/api/sites/3/changes', () => HttpResponse.json({ pages, jobs, next_check_at: next })));
}

describe('SiteChanges', () => {
  it('shows the last and next check and makes the update project of the changed pages', async () => {
    changes(2, 3);
    let posted = 0;
    server.use(
      http.post('*/api/sites/3/update-project', () => {
        posted += 1;
        return HttpResponse.json({ id: 42, jobs: [] }, { status: 201 });
      }),
    );
    const shown: string[] = [];
    const { user } = renderWithProviders(<SiteChanges site={siteFixture} onShowChanged={() => shown.push('changed')} />, {
      session: sessionFor(adminUser),
    });
    expect(await screen.findByText('2 pages changed since their translation')).toBeInTheDocument();
    expect(screen.getByText(/^Last checked /)).toBeInTheDocument();
    expect(screen.getByText(/^Next check /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show changed pages' }));
    expect(shown).toEqual(['changed']);
    await user.click(screen.getByRole('button', { name: 'Update project (2)' }));
    await waitFor(() => expect(posted).toBe(1));
  });

  it('names why the last check failed, and says when checks are off', async () => {
    changes(0, 0, null);
    const failed = { ...siteFixture, content_check_error: 'The site cannot be reached at https://shop.acme.example: refused.' };
    renderWithProviders(<SiteChanges site={failed} onShowChanged={() => undefined} />, { session: sessionFor(adminUser) });
    expect(await screen.findByText('No page changed since its translation.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be reached');
    expect(screen.getByText('Scheduled checks are off.')).toBeInTheDocument();
  });

  it('offers no update project to a customer', async () => {
    changes(1, 1);
    renderWithProviders(<SiteChanges site={siteFixture} onShowChanged={() => undefined} />, { session: sessionFor(customerUser) });
    expect(await screen.findByText('1 page changed since its translation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Update project/ })).not.toBeInTheDocument();
  });

  it('shows what the server refused', async () => {
    changes(1, 1);
    server.use(
      http.post('*/api/sites/3/update-project', () =>
        HttpResponse.json({ message: 'No page of the site changed since its translation (as the site was last read).' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<SiteChanges site={siteFixture} onShowChanged={() => undefined} />, {
      session: sessionFor(adminUser),
    });
    await user.click(await screen.findByRole('button', { name: 'Update project (1)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No page of the site changed');
  });
});
