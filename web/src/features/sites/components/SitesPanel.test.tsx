import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client, Site } from '../../../api/types';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { rebrandingHandlers } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const acme: Client = {
  id: 7,
  client_name: 'Acme',
  client_logo: null,
  date_created: '2026-03-01T09:30:00Z',
  author: null,
};

const site: Site = {
  id: 3,
  client_id: 7,
  name: 'Acme shop',
  url: 'https://shop.acme.example',
  username: 'editor',
  password_last4: 'uvwx',
  created_at: '2026-03-01T09:30:00Z',
  updated_at: '2026-03-01T09:30:00Z',
  refreshed_at: null,
  connection: {
    checked_at: '2026-03-01T09:31:00Z',
    problem: 'The user may not edit others\u2019 posts: give them the Editor or Administrator role.',
    wordpress_version: null,
    plugin_version: null,
    bundled_plugin_version: '1.1.0',
    plugin_update_available: false,
    multilingual: null,
    source_language: null,
    languages: [],
  },
};

const connected: Site = {
  ...site,
  connection: {
    checked_at: '2026-03-01T09:35:00Z',
    problem: null,
    wordpress_version: '6.1.9',
    plugin_version: '1.0.0',
    bundled_plugin_version: '1.1.0',
    plugin_update_available: false,
    multilingual: 'wpml',
    source_language: 'en',
    languages: ['de', 'fr'],
  },
};

function handlers(sites: Site[]) {
  return [
    ...rebrandingHandlers(),
    http.get('*/api/client/7', () => HttpResponse.json(acme)),
    http.get('*/api/translation', () => HttpResponse.json([])),
    http.get('*/api/client/7/sites', () => HttpResponse.json(sites)),
    http.get('*/api/sites/plugin/info', () =>
      HttpResponse.json({ version: '1.1.0', min_version: '1.0.0', file_name: 'wordmark-connector-1.1.0.zip' }),
    ),
  ];
}

describe('SitesPanel', () => {
  it('shows what the last test found and never more of the password than its end', async () => {
    server.use(...handlers([site]));
    renderApp('/clients/7?tab=sites', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'Acme shop' })).toBeInTheDocument();
    expect(screen.getByText('Cannot connect')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Editor or Administrator');
    expect(screen.getByText(/····uvwx/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '/clients/7/sites/3');
  });

  it('offers the plugin with its version and how to install it', async () => {
    server.use(...handlers([]));
    renderApp('/clients/7?tab=sites', { session: sessionFor(adminUser) });
    const panel = await screen.findByRole('region', { name: 'WordPress plugin' });
    expect(await within(panel).findByText('Wordmark Connector 1.1.0')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download the plugin (zip)' })).toBeInTheDocument();
    const steps = within(panel).getAllByRole('listitem').map((step) => step.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/Upload Plugin/);
    expect(steps[1]).toMatch(/Activate/);
    expect(steps[2]).toMatch(/application password/);
  });

  it('tells when the site’s plugin is older than the one offered', async () => {
    const older: Site = { ...connected, connection: { ...connected.connection, plugin_update_available: true } };
    server.use(...handlers([older]));
    renderApp('/clients/7?tab=sites', { session: sessionFor(adminUser) });
    expect(await screen.findByText(/Plugin 1.0.0 on the site; 1.1.0 is available: download it/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download plugin 1.1.0' })).toBeInTheDocument();
  });

  it('checks the form before sending, then adds the site and tests its connection', async () => {
    const sent: unknown[] = [];
    let sites: Site[] = [];
    server.use(
      http.get('*/api/client/7/sites', () => HttpResponse.json(sites)),
      ...handlers([]),
      http.post('*/api/client/7/sites', async ({ request }) => {
        sent.push(await request.json());
        sites = [site];
        return HttpResponse.json(site, { status: 201 });
      }),
      http.post('*/api/sites/3/check', () => {
        sites = [connected];
        return HttpResponse.json({ site: connected, problem_kind: null });
      }),
    );
    const { user } = renderApp('/clients/7?tab=sites', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Add site' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Acme shop');
    await user.clear(screen.getByRole('textbox', { name: /Site address/ }));
    await user.type(screen.getByRole('textbox', { name: /Site address/ }), 'shop.acme.example');
    await user.type(screen.getByRole('textbox', { name: /WordPress user/ }), 'editor');
    await user.type(screen.getByLabelText(/Application password/), 'hunter2');
    await user.click(screen.getByRole('button', { name: 'Add and test connection' }));
    expect(await screen.findByText(/starting with https/)).toBeInTheDocument();
    expect(screen.getByText(/24 letters and digits/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /Site address/ }));
    await user.type(screen.getByRole('textbox', { name: /Site address/ }), 'https://shop.acme.example');
    await user.clear(screen.getByLabelText(/Application password/));
    await user.type(screen.getByLabelText(/Application password/), 'abcd efgh ijkl mnop qrst uvwx');
    await user.click(screen.getByRole('button', { name: 'Add and test connection' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: 'Acme shop',
      url: 'https://shop.acme.example',
      username: 'editor',
      application_password: 'abcd efgh ijkl mnop qrst uvwx',
    });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText(/WordPress 6.1.9 · Connector 1.0.0 · WPML · en → de, fr/)).toBeInTheDocument();
  });
});
