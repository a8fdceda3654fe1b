import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client, RebrandingProject } from '../../../api/types';
import { adminUser, editorUser, sessionFor, translatorUser } from '../../../test/fixtures';
import { paged, rebrandingHandlers } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { project } from '../../../test/translation';

const acme: Client = {
  id: 7,
  client_name: 'Acme',
  client_logo: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  date_created: '2026-03-01T09:30:00Z',
  author: { first_name: 'Ada', last_name: 'Lovelace' },
};

describe('ClientDetailPage', () => {
  // The 'Rebranding projects' tab (composed in by the router) loads the client's projects.
  beforeEach(() => server.use(...rebrandingHandlers()));

  const people = [
    { username: 'cora', first_name: 'Cora', last_name: 'Customer', email: 'cora@acme.example', last_sign_in: null },
    {
      username: 'carl',
      first_name: 'Carl',
      last_name: 'Client',
      email: 'carl@acme.example',
      last_sign_in: '2026-03-02T08:00:00Z',
    },
  ];

  it('lists the customer accounts in the People tab, with edit links for administrators', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/people', () => HttpResponse.json(people)),
    );
    const { user } = renderApp('/clients/7', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'People' }));
    const cora = (await screen.findByRole('cell', { name: 'Cora Customer' })).closest('tr') as HTMLElement;
    expect(within(cora).getByRole('cell', { name: 'cora@acme.example' })).toBeInTheDocument();
    expect(within(cora).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(within(cora).getByRole('link', { name: 'Edit cora' })).toHaveAttribute('href', '/admin/user/cora');
    const carl = screen.getByRole('cell', { name: 'Carl Client' }).closest('tr') as HTMLElement;
    expect(within(carl).queryByRole('cell', { name: 'Never' })).not.toBeInTheDocument();
  });

  it('shows editors the People tab without edit links', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/people', () => HttpResponse.json(people)),
    );
    const { user } = renderApp('/clients/7', { session: sessionFor(editorUser) });
    await user.click(await screen.findByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('cell', { name: 'Cora Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit cora' })).not.toBeInTheDocument();
  });

  it('lets administrators invite a customer of the client from the People tab', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/people', () => HttpResponse.json(people)),
      http.get('*/api/client', ({ request }) => paged(request, [acme])),
      http.post('*/api/invitations', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderApp('/clients/7?tab=people', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Invite a customer' }));
    const form = within(await screen.findByRole('dialog', { name: 'Invite by e-mail' }));
    const field = (label: RegExp) => form.getByLabelText(label, { selector: 'input' });
    await user.type(field(/^email/i), 'kim@acme.example');
    await user.type(field(/^first name/i), 'Kim');
    await user.type(field(/^last name/i), 'Lee');
    await user.click(form.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(sent).toEqual({
        email: 'kim@acme.example',
        first_name: 'Kim',
        last_name: 'Lee',
        role: 'customer',
        client_ids: [7],
      }),
    );
  });

  it('offers editors no invitation (only administrators invite)', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/people', () => HttpResponse.json(people)),
    );
    renderApp('/clients/7?tab=people', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('cell', { name: 'Cora Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite a customer' })).not.toBeInTheDocument();
  });

  it('opens the tab the address names', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/people', () => HttpResponse.json(people)),
    );
    const { user } = renderApp('/clients/7?tab=people', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('tab', { name: 'People', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Cora Customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Client Info' }));
    expect(screen.getByRole('tab', { name: 'Client Info', selected: true })).toBeInTheDocument();
  });

  it('opens the first tab when the address names one the user has not', async () => {
    server.use(http.get('*/api/client/7', () => HttpResponse.json(acme)));
    renderApp('/clients/7?tab=people', { session: sessionFor(translatorUser) });
    expect(await screen.findByRole('tab', { name: 'Client Info', selected: true })).toBeInTheDocument();
  });

  it('hides the People tab from translators', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
    );
    renderApp('/clients/7', { session: sessionFor(translatorUser) });
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'People' })).not.toBeInTheDocument();
  });

  it('shows the client info tab', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
    );
    renderApp('/clients/7', { session: sessionFor(adminUser) });

    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme logo' }).tagName).toBe('IMG');
    expect(screen.getByRole('tab', { name: 'Client Info' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Translation projects' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rebranding projects' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'ID 7' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Author Ada Lovelace' })).toBeInTheDocument();
  });

  it("lists the client's translation projects in their tab", async () => {
    let asked: string | null = null;
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', ({ request }) => {
        asked = new URL(request.url).searchParams.get('client_id');
        return HttpResponse.json([project(3, { name: 'Acme shop' })]);
      }),
    );
    const { user } = renderApp('/clients/7', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Translation projects' }));
    expect(await screen.findByRole('link', { name: 'Acme shop' })).toHaveAttribute('href', '/translation/3');
    expect(asked).toBe('7');
  });

  it('exports the archive for administrators', async () => {
    let asked = false;
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/client/7/archive', () => {
        asked = true;
        return HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b, 3, 4]).buffer, {
          headers: { 'Content-Type': 'application/zip' },
        });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/clients/7', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Export archive' }));
    await waitFor(() => expect(saved).toEqual(['Acme-archive.zip']));
    expect(asked).toBe(true);
    click.mockRestore();
  });

  it('offers no archive export to editors', async () => {
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
    );
    renderApp('/clients/7', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('button', { name: 'Edit Client' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export archive' })).not.toBeInTheDocument();
  });

  it('says so when the client does not exist', async () => {
    server.use(http.get('*/api/client/99', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderApp('/clients/99', { session: sessionFor(adminUser) });
    expect(await screen.findByText('Client not found')).toBeInTheDocument();
  });

  it('says so for an id that cannot name a client, without asking the server', () => {
    renderApp('/clients/abc', { session: sessionFor(adminUser) });
    expect(screen.getByText('Client not found')).toBeInTheDocument();
  });

  it('renames a client keeping its logo', async () => {
    let current = acme;
    let sent: FormData | null = null;
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(current)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.put('*/api/client/7', async ({ request }) => {
        const form = await request.formData();
        sent = form;
        const name = form.get('client_name');
        current = { ...current, client_name: typeof name === 'string' ? name : '' };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/clients/7', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Edit Client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Acme' }));
    expect(dialog.getByText('Leave empty to keep current logo')).toBeInTheDocument();
    expect(dialog.getByRole('img', { name: 'Current logo' }).tagName).toBe('IMG');

    const name = dialog.getByLabelText(/^name/i, { selector: 'input' });
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The client name is required.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(name, 'Acme Corp');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client updated')).toBeInTheDocument();
    const form = sent as FormData | null;
    expect(form?.get('client_name')).toBe('Acme Corp');
    expect(form?.has('client_logo')).toBe(false);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Acme Corp' })).toBeInTheDocument());
  });

  it("lists the client's rebranding projects in their tab", async () => {
    const rebranding = {
      id: 21,
      client_id: 7,
      client: acme,
      display_name: 'Acme Rebrand',
      legal_name: 'Acme Corporation Ltd',
      date_created: '2026-03-02T10:00:00Z',
      location_count: 3,
    } as RebrandingProject;
    const other = { ...rebranding, id: 22, client_id: 8, display_name: 'Not Acme' };
    server.use(
      http.get('*/api/client/7', () => HttpResponse.json(acme)),
      http.get('*/api/translation', () => HttpResponse.json([])),
      ...rebrandingHandlers([rebranding, other]),
    );
    const { user } = renderApp('/clients/7', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Rebranding projects' }));
    const row = await screen.findByRole('row', { name: /Acme Rebrand/ });
    expect(within(row).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/rebranding/21');
    expect(screen.queryByText('Not Acme')).not.toBeInTheDocument();
  });
});
