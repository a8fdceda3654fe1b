import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Site } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CreateSiteProject } from './CreateSiteProject';

const site: Site = {
  id: 3,
  client_id: 7,
  name: 'Acme shop',
  url: 'https://shop.acme.example',
  username: 'editor',
  password_last4: 'uvwx',
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
  refreshed_at: '2026-03-01T09:40:00Z',
  connection: {
    checked_at: '2026-03-01T09:35:00Z',
    problem: null,
    wordpress_version: '6.1.9',
    plugin_version: '1.0.0',
    bundled_plugin_version: '1.0.0',
    plugin_update_available: false,
    multilingual: 'wpml',
    source_language: 'en',
    languages: ['de', 'fr'],
  },
};

describe('CreateSiteProject', () => {
  it('sends the picked items and languages', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/sites/3/projects', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ id: 42, jobs: [], site_jobs: [] }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<CreateSiteProject site={site} items={[10, 12]} />, { session: sessionFor(adminUser) });
    const create = screen.getByRole('button', { name: 'Create project' });
    expect(create).toBeDisabled();
    expect(screen.getByText('2 items picked')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Project name/ }), 'Spring pages');
    await user.click(screen.getByLabelText('Target languages', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'fr' }));
    await user.click(create);
    await waitFor(() => expect(sent).toEqual([{ project_name: 'Spring pages', items: [10, 12], target_langs: ['fr'] }]));
  });

  it('names what the server refused', async () => {
    server.use(
      http.post('*/api/sites/3/projects', () =>
        HttpResponse.json({ message: 'The site cannot be reached at https://shop.acme.example: refused.' }, { status: 502 }),
      ),
    );
    const { user } = renderWithProviders(<CreateSiteProject site={site} items={[10]} />, { session: sessionFor(adminUser) });
    await user.type(screen.getByRole('textbox', { name: /Project name/ }), 'P');
    await user.click(screen.getByLabelText('Target languages', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'de' }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be reached');
  });
});
