import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Client } from '../../../api/types';
import { svgDataUri } from '../../../components/svg';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { DELETE_CLIENT_CONFIRMATION } from '../components/useConfirmDeleteClient';

const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

function client(id: number, name: string): Client {
  return {
    id,
    client_name: name,
    client_logo: logo,
    date_created: '2026-03-01T09:30:00Z',
    author: { first_name: 'Ada', last_name: 'Lovelace' },
  };
}

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return input;
}

async function openCreateModal(clients: Client[] = []) {
  const requests: Request[] = [];
  server.use(
    http.get('*/api/client', () => HttpResponse.json(clients)),
    http.post('*/api/client', ({ request }) => {
      requests.push(request.clone());
      return HttpResponse.json(client(9, 'Acme'), { status: 201 });
    }),
  );
  const view = renderApp('/clients', { session: sessionFor(adminUser) });
  await view.user.click(await screen.findByRole('button', { name: 'Add Client' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a new client' });
  return { ...view, requests, dialog: within(dialog), dialogElement: dialog };
}

describe('ClientsPage', () => {
  it('shows the empty state', async () => {
    server.use(http.get('*/api/client', () => HttpResponse.json([])));
    renderApp('/clients', { session: sessionFor(adminUser) });
    expect(await screen.findByText('No clients found yet.')).toBeInTheDocument();
  });

  it('shows logos as images from data URIs, never as inline markup', async () => {
    const hostile = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`;
    server.use(
      http.get('*/api/client', () => HttpResponse.json([client(1, 'Acme'), { ...client(2, 'Globex'), client_logo: hostile }])),
    );
    const { container } = renderApp('/clients', { session: sessionFor(adminUser) });

    const image = await screen.findByRole('img', { name: 'Acme logo' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', svgDataUri(logo));
    expect(screen.getByRole('img', { name: 'Globex logo' })).toHaveAttribute('src', svgDataUri(hostile));
    expect(container.querySelector('svg[onload]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Learn more' })[0]).toHaveAttribute('href', '/clients/1');
  });

  it('asks the server for the order and the search, and keeps them in the URL', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/client', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const rows =
          query.get('q') === 'acm'
            ? [client(2, 'Acme')]
            : query.get('order') === 'desc'
              ? [client(1, 'Zeta'), client(2, 'Acme')]
              : [client(2, 'Acme'), client(1, 'Zeta')];
        return HttpResponse.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
      }),
    );
    const { user, router } = renderApp('/clients', { session: sessionFor(adminUser) });
    await screen.findByText('Zeta');
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ limit: '50', offset: '0', sort: 'name', order: 'asc' });

    const names = () => screen.getAllByRole('link', { name: /^(Acme|Zeta)$/ }).map((link) => link.textContent);
    expect(names()).toEqual(['Acme', 'Zeta']);
    expect(screen.getByText('1–2 of 2 clients')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(names()).toEqual(['Zeta', 'Acme']));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?sort=name&order=desc');

    await user.type(screen.getByRole('textbox', { name: 'Search clients' }), 'acm');
    await waitFor(() => expect(names()).toEqual(['Acme']));
    expect(router.state.location.search).toBe('?sort=name&order=desc&q=acm');
    // One request for the whole word, once typing paused (not one per letter).
    expect(asked.filter((query) => query.has('q')).map((query) => query.get('q'))).toEqual(['acm']);
  });

  it('refuses a file that is not SVG before sending anything', async () => {
    const { dialog, dialogElement, requests } = await openCreateModal();
    // The browser's picker would hide other types; drag and drop does not, so the check must hold.
    const picker = userEvent.setup({ applyAccept: false });
    await picker.type(dialog.getByLabelText(/^name/i, { selector: 'input' }), 'Acme');
    await picker.upload(fileInput(dialogElement), new File(['not an image'], 'logo.png', { type: 'image/png' }));
    expect(await dialog.findByText('The logo must be an SVG image.')).toBeInTheDocument();

    await picker.upload(
      fileInput(dialogElement),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'renamed.svg', { type: 'image/svg+xml' }),
    );
    expect(await dialog.findByText('The logo must be an SVG image.')).toBeInTheDocument();

    await picker.click(dialog.getByRole('button', { name: 'Create Client' }));
    expect(requests).toHaveLength(0);
  });

  it('requires a name', async () => {
    const { user, dialog, requests } = await openCreateModal();
    await user.click(dialog.getByRole('button', { name: 'Create Client' }));
    expect(await dialog.findByText('The client name is required.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('previews the chosen logo and sends name and file as multipart', async () => {
    const { user, dialog, dialogElement, requests } = await openCreateModal();
    await user.type(dialog.getByLabelText(/^name/i, { selector: 'input' }), 'Acme');
    await user.upload(fileInput(dialogElement), new File([logo], 'acme.svg', { type: 'image/svg+xml' }));
    expect(await dialog.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', svgDataUri(logo));

    await user.click(dialog.getByRole('button', { name: 'Create Client' }));
    expect(await screen.findByText('Client successfully created')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const form = await requests[0]?.formData();
    expect(form?.get('client_name')).toBe('Acme');
    const sentLogo = form?.get('client_logo');
    expect(sentLogo).toBeInstanceOf(File);
    expect(await (sentLogo as File).text()).toBe(logo);
  });

  it("shows the server's message when creating fails", async () => {
    const { user, dialog } = await openCreateModal();
    server.use(
      http.post('*/api/client', () => HttpResponse.json({ message: 'A client named Acme already exists' }, { status: 409 })),
    );
    await user.type(dialog.getByLabelText(/^name/i, { selector: 'input' }), 'Acme');
    await user.click(dialog.getByRole('button', { name: 'Create Client' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('A client named Acme already exists');
  });

  it('deletes a client after the confirmation', async () => {
    let clients = [client(1, 'Acme'), client(2, 'Globex')];
    let deleted: string | null = null;
    server.use(
      http.get('*/api/client', () => HttpResponse.json(clients)),
      http.get('*/api/dashboard', () => HttpResponse.json({ clients: 2, translation_projects: 0, rebranding_projects: 0 })),
      http.delete('*/api/client/:id', ({ params }) => {
        deleted = String(params.id);
        clients = clients.filter((c) => String(c.id) !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/clients', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Delete client Acme' }));
    expect(await screen.findByText(DELETE_CLIENT_CONFIRMATION)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Client' }));

    await waitFor(() => expect(deleted).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Acme' })).not.toBeInTheDocument());
  });

  it("alerts with the server's message when deleting fails", async () => {
    server.use(
      http.get('*/api/client', () => HttpResponse.json([client(1, 'Acme')])),
      http.delete('*/api/client/:id', () => HttpResponse.json({ message: 'Database is busy' }, { status: 409 })),
    );
    const { user } = renderApp('/clients', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Delete client Acme' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Client' }));
    expect(await screen.findByText('Could not delete client: Database is busy')).toBeInTheDocument();
  });
});
