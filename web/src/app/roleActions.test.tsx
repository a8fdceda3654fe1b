// The app offers each role only the actions the server's policy allows it (the permissions the
// sign-in answered): a translator or customer is not shown buttons the server would refuse. (A
// customer sees no staff page at all: see features/portal.)
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client } from '../api/types';
import { MemoryTable } from '../features/memory/components/MemoryTable';
import { adminUser, customerUser, editorUser, sessionFor, translatorUser } from '../test/fixtures';
import { clientTabsHandlers, rebrandingHandlers } from '../test/handlers';
import { renderApp, renderWithProviders } from '../test/render';
import { server } from '../test/server';

const acme: Client = {
  id: 7,
  client_name: 'Acme',
  client_logo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  date_created: '2026-03-01T09:30:00Z',
  author: { first_name: 'Ada', last_name: 'Lovelace' },
};

const entry = {
  id: 2,
  source: 'About us',
  target: 'Über uns',
  source_lang: 'en',
  target_lang: 'de',
  markup: 'html',
  origin: 'file',
  props: [],
  resname: null,
  updated_at: '2026-11-24T10:00:00Z',
} as const;

describe('actions by role', () => {
  beforeEach(() =>
    server.use(
      ...rebrandingHandlers(),
      ...clientTabsHandlers(7),
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/3/memory', () => HttpResponse.json([entry], { headers: { 'X-Total-Count': '1' } })),
    ),
  );

  it.each([
    { user: adminUser, edit: true, remove: true, archive: true },
    { user: editorUser, edit: true, remove: true, archive: false },
    { user: translatorUser, edit: false, remove: false, archive: false },
  ])("a client's page offers the $user.role what the role may do", async ({ user, ...offered }) => {
    renderApp('/clients/7', { session: sessionFor(user) });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Client' }) !== null).toBe(offered.edit);
    expect(screen.queryByRole('button', { name: 'Delete' }) !== null).toBe(offered.remove);
    expect(screen.queryByRole('button', { name: 'Export archive' }) !== null).toBe(offered.archive);
  });

  it.each([
    { user: editorUser, writes: true },
    { user: translatorUser, writes: false },
    { user: customerUser, writes: false },
  ])('the memory offers the $user.role edits, deletions and imports only with memory.write', async ({ user, writes }) => {
    renderWithProviders(<MemoryTable clientId={3} />, { session: sessionFor(user) });
    expect(await screen.findByText('Über uns')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export TMX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import TMX' }) !== null).toBe(writes);
    expect(screen.queryByRole('button', { name: 'Edit entry About us' }) !== null).toBe(writes);
    expect(screen.queryByRole('button', { name: 'Delete entry About us' }) !== null).toBe(writes);
  });

  it('shows Administration only to who manages users', async () => {
    server.use(http.get('*/api/dashboard', () => HttpResponse.json({ clients: 0, translation_projects: 0, rebranding_projects: 0 })));
    renderApp('/clients/7', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });
});
