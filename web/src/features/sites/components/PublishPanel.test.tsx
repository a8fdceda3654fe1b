import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublishRun, Publishing } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { PublishPanel } from './PublishPanel';

const site = { id: 3, name: 'Acme shop', url: 'https://shop.acme.example' };

const EDIT_LINK = 'https://shop.acme.example/wp-admin/post.php?post=31&action=edit';
type Job = PublishRun['jobs'][number];
const published: Job = {
  job_id: 11,
  item_id: 10,
  title: 'About us',
  lang: 'de',
  state: 'published',
  post_id: 31,
  edit_link: EDIT_LINK,
  error: null,
  finished_at: '2026-03-01T09:30:05Z',
};
const pending: Job = { job_id: 12, item_id: 10, title: 'About us', lang: 'fr', state: 'pending', post_id: null, edit_link: null, error: null, finished_at: null };

const running: PublishRun = {
  id: 1,
  state: 'running',
  status: 'publish',
  error: null,
  started_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
  jobs: [published, pending],
};

const done: PublishRun = {
  ...running,
  state: 'done',
  jobs: [published, { ...pending, state: 'failed', error: 'The site answered 422: blocks changed', finished_at: '2026-03-01T09:30:06Z' }],
};

describe('PublishPanel', () => {
  it('publishes as the status picked and follows the run until it ends', async () => {
    const sent: unknown[] = [];
    let reads = 0;
    let current: Publishing = { site, run: null };
    server.use(
      http.get('*/api/translation/5/publish', () => {
        reads += 1;
        // The run ends after it was read running once.
        if (current.run?.state === 'running' && reads > 2) current = { site, run: done };
        return HttpResponse.json(current);
      }),
      http.post('*/api/translation/5/publish', async ({ request }) => {
        sent.push(await request.json());
        current = { site, run: running };
        return HttpResponse.json(running, { status: 202 });
      }),
    );
    const { user } = renderWithProviders(<PublishPanel projectId={5} />, { session: sessionFor(adminUser) });
    expect(await screen.findByText('Nothing published yet.')).toBeInTheDocument();
    await user.click(screen.getByText('Published'));
    await user.click(screen.getByRole('button', { name: 'Publish to WordPress' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'publish' }]));
    expect(await screen.findByRole('link', { name: 'Edit post 31' })).toHaveAttribute('href', EDIT_LINK);
    expect(await screen.findByText(/Finished \(published\): 2 of 2 jobs/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('The site answered 422: blocks changed')).toBeInTheDocument();
    // Each result names its page.
    expect(screen.getAllByText('About us')).toHaveLength(2);
  });

  it('says so for a project not made from a site', async () => {
    server.use(http.get('*/api/translation/5/publish', () => HttpResponse.json({ site: null, run: null })));
    renderWithProviders(<PublishPanel projectId={5} />, { session: sessionFor(adminUser) });
    expect(await screen.findByText(/not made from a WordPress site/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish to WordPress' })).not.toBeInTheDocument();
  });

  it('shows why a run stopped', async () => {
    // A page the site no longer lists has no title: its id names it.
    const stopped: PublishRun = { ...running, state: 'failed', error: 'The site cannot be reached.', jobs: [{ ...published, title: null }] };
    server.use(http.get('*/api/translation/5/publish', () => HttpResponse.json({ site, run: stopped })));
    renderWithProviders(<PublishPanel projectId={5} />, { session: sessionFor(adminUser) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The site cannot be reached.');
    expect(screen.getByText('Item 10')).toBeInTheDocument();
  });
});
