import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Client, ImportedClient } from '../../../api/types';
import { adminUser, editorUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const imported: Client = {
  id: 12,
  client_name: 'Acme',
  client_logo: null,
  date_created: '2026-03-01T09:30:00Z',
  author: { first_name: 'Ada', last_name: 'Lovelace' },
};

const answer: ImportedClient = {
  client: imported,
  counts: { projects: 2, jobs: 5, segments: 120, status_changes: 3, memory_entries: 7, rebranding_projects: 1 },
};

async function openImport() {
  const requests: Request[] = [];
  server.use(
    http.get('*/api/client', () => HttpResponse.json([])),
    http.post('*/api/client/archive', ({ request }) => {
      requests.push(request.clone());
      return HttpResponse.json(answer, { status: 201 });
    }),
  );
  const view = renderApp('/clients', { session: sessionFor(adminUser) });
  await view.user.click(await screen.findByRole('button', { name: 'Import client archive' }));
  const dialogElement = await screen.findByRole('dialog', { name: 'Import client archive' });
  const input = dialogElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  const choose = () => view.user.upload(input, new File(['PK'], 'acme-archive.zip', { type: 'application/zip' }));
  return { ...view, dialog: within(dialogElement), requests, choose };
}

describe('Import client archive', () => {
  it('sends the archive and another name, and reports what came with the client', async () => {
    const { user, dialog, requests, choose } = await openImport();
    await choose();
    await user.type(dialog.getByLabelText(/Import under another name/), 'Acme (archived)');
    await user.click(dialog.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(/“Acme” was imported with 2 translation projects/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the client' })).toHaveAttribute('href', '/clients/12');
    expect(requests).toHaveLength(1);
    const form = await requests[0]?.formData();
    expect((form?.get('file') as File).name).toBe('acme-archive.zip');
    expect(form?.get('client_name')).toBe('Acme (archived)');
  });

  it("shows the server's message naming the damaged entry", async () => {
    const { user, dialog, choose } = await openImport();
    const message = "'project-0001.json' in 'acme-archive.zip': its content does not match manifest.json";
    server.use(http.post('*/api/client/archive', () => HttpResponse.json({ message }, { status: 422 })));
    await choose();
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The archive was not imported');
    expect(alert).toHaveTextContent(message);
  });

  it('is offered to administrators only', async () => {
    server.use(http.get('*/api/client', () => HttpResponse.json([])));
    renderApp('/clients', { session: sessionFor(editorUser) });
    expect(await screen.findByRole('button', { name: 'Add Client' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import client archive' })).not.toBeInTheDocument();
  });
});
