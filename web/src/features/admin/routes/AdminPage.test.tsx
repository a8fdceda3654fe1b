import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client } from '../../../api/types';
import { adminUser, customerUser, editorUser, sessionFor, userRecord } from '../../../test/fixtures';
import { paged } from '../../../test/handlers';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function listUsers() {
  return http.get('*/api/user', () =>
    HttpResponse.json([userRecord(adminUser, 1), userRecord(editorUser, 2), userRecord(customerUser, 3)]),
  );
}

const client = (id: number, client_name: string): Client => ({
  id,
  client_name,
  client_logo: null,
  date_created: '2026-03-01T09:30:00Z',
  author: null,
});
const clients = [client(7, 'Acme'), client(8, 'Globex')];

async function openAddUser() {
  const view = renderApp('/admin', { session: sessionFor(adminUser) });
  await screen.findByRole('link', { name: editorUser.username });
  await view.user.click(screen.getByRole('button', { name: 'Add User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add new user' });
  const form = within(dialog);
  const field = (label: RegExp) => form.getByLabelText(label, { selector: 'input' });
  await view.user.type(field(/^first name/i), 'Grace');
  await view.user.type(field(/^last name/i), 'Hopper');
  await view.user.type(field(/^username/i), 'grace');
  await view.user.type(field(/^email/i), 'grace@example.com');
  return { ...view, dialog, form, field };
}

describe('AdminPage', () => {
  // The users list names a customer's clients; the user form picks them.
  beforeEach(() => server.use(http.get('*/api/client', ({ request }) => paged(request, clients))));

  it('refuses non-admins', async () => {
    renderApp('/admin', { session: sessionFor(editorUser) });
    // The screen is loaded with its route: wait for it.
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to be here...');
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('lists users with links to their detail pages', async () => {
    server.use(listUsers());
    renderApp('/admin', { session: sessionFor(adminUser) });
    const link = await screen.findByRole('link', { name: editorUser.username });
    expect(link).toHaveAttribute('href', `/admin/user/${editorUser.username}`);
    expect(screen.getByRole('link', { name: 'Administration' })).toBeInTheDocument();
  });

  it('warns about mismatching passwords without calling the server', async () => {
    let created = 0;
    server.use(
      listUsers(),
      http.post('*/api/user', () => {
        created += 1;
        return HttpResponse.json(userRecord(editorUser, 2), { status: 201 });
      }),
    );
    const { user, form, field } = await openAddUser();
    await user.type(field(/^password/i), 'first-password');
    await user.type(field(/^confirm password/i), 'other-password');
    await user.click(form.getByRole('button', { name: 'Add User' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(created).toBe(0);
  });

  it('creates a user and reports success', async () => {
    let body: unknown;
    server.use(
      listUsers(),
      http.post('*/api/user', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...userRecord(editorUser, 2), username: 'grace' }, { status: 201 });
      }),
    );
    const { user, form, field } = await openAddUser();
    await user.type(field(/^password/i), 'same-password');
    await user.type(field(/^confirm password/i), 'same-password');
    await user.click(form.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText('User successfully created')).toBeInTheDocument();
    expect(body).toEqual({
      username: 'grace',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      role: 'translator',
      client_ids: [],
      password: 'same-password',
    });
  });

  it("shows a customer's clients in the list", async () => {
    server.use(listUsers());
    renderApp('/admin', { session: sessionFor(adminUser) });
    const row = (await screen.findByRole('link', { name: customerUser.username })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Acme')).toBeInTheDocument();
  });

  it('asks for the clients of a customer before creating them', async () => {
    let body: unknown;
    let created = 0;
    server.use(
      listUsers(),
      http.post('*/api/user', async ({ request }) => {
        created += 1;
        body = await request.json();
        return HttpResponse.json({ ...userRecord(customerUser, 4), username: 'grace' }, { status: 201 });
      }),
    );
    const { user, form, field } = await openAddUser();
    await user.type(field(/^password/i), 'same-password');
    await user.type(field(/^confirm password/i), 'same-password');
    expect(form.queryByLabelText(/^clients/i, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(field(/^role/i));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));

    await user.click(form.getByRole('button', { name: 'Add User' }));
    expect(await form.findByText('A customer belongs to at least one client')).toBeInTheDocument();
    expect(created).toBe(0);

    await user.click(field(/^clients/i));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.click(form.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User successfully created')).toBeInTheDocument();
    expect(body).toMatchObject({ username: 'grace', role: 'customer', client_ids: [8] });
  });

  it("shows the server's message when creating fails", async () => {
    server.use(
      listUsers(),
      http.post('*/api/user', () => HttpResponse.json({ message: 'Username already taken' }, { status: 409 })),
    );
    const { user, form, field } = await openAddUser();
    await user.type(field(/^password/i), 'same-password');
    await user.type(field(/^confirm password/i), 'same-password');
    await user.click(form.getByRole('button', { name: 'Add User' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Username already taken');
  });

  it('refuses to delete the signed-in user', async () => {
    server.use(listUsers());
    const { user } = renderApp('/admin', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: `Delete user ${adminUser.username}` }));
    expect(
      await screen.findByText(
        'WARNING: You are trying to delete the user you are logged in with. That is not possible.',
      ),
    ).toBeInTheDocument();
  });

  it('deletes another user after confirmation', async () => {
    let deleted: string | null = null;
    let users = [userRecord(adminUser, 1), userRecord(editorUser, 2)];
    server.use(
      http.get('*/api/user', () => HttpResponse.json(users)),
      http.delete('*/api/user/:username', ({ params }) => {
        deleted = String(params.username);
        users = users.filter((u) => u.username !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/admin', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: `Delete user ${editorUser.username}` }));
    await user.click(await screen.findByRole('button', { name: 'Delete User' }));

    await waitFor(() => expect(deleted).toBe(editorUser.username));
    await waitFor(() => expect(screen.queryByRole('link', { name: editorUser.username })).not.toBeInTheDocument());
  });

  it('shows the build information', async () => {
    server.use(
      listUsers(),
      http.get('*/api/build-info', () =>
        HttpResponse.json({
          version: '0.1.0',
          commit: 'abc1234',
          build_date: '2026-11-22',
          database: 'sqlite',
          mt_provider: 'DeepL (Free)',
        }),
      ),
    );
    const { user } = renderApp('/admin', { session: sessionFor(adminUser) });
    await user.click(screen.getByRole('tab', { name: 'Build Info' }));
    expect(await screen.findByText('abc1234')).toBeInTheDocument();
    expect(screen.getByText('sqlite')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'MT provider DeepL (Free)' })).toBeInTheDocument();
  });
});
