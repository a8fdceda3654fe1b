import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { paged } from '../../../test/handlers';
import { server } from '../../../test/server';
import { project } from '../../../test/translation';
import { DELETE_PROJECT_CONFIRMATION } from '../../../components/confirmDeleteProject';

const acme = { id: 7, client_name: 'Acme', client_logo: null, date_created: '2026-03-01T09:30:00Z', author: null };

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return input;
}

async function openCreateModal() {
  const requests: Request[] = [];
  server.use(
    http.get('*/api/translation', () => HttpResponse.json([])),
    http.get('*/api/client', () => HttpResponse.json([acme])),
    http.post('*/api/translation', ({ request }) => {
      requests.push(request.clone());
      return HttpResponse.json({ ...project(5), skipped: ['notes.txt'] }, { status: 201 });
    }),
  );
  const view = renderApp('/translation', { session: sessionFor(adminUser) });
  await view.user.click(await screen.findByRole('button', { name: 'Add Project' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adding new project...' });
  return { ...view, requests, dialog: within(dialog), dialogElement: dialog };
}

describe('TranslationListPage', () => {
  // The client filter's options.
  beforeEach(() => server.use(http.get('*/api/client', ({ request }) => paged(request, [acme]))));

  it('opens the view the URL names and asks the server for it', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/translation', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json([project(1, { name: 'Shop' })], { headers: { 'X-Total-Count': '51' } });
      }),
    );
    const { user, router } = renderApp(
      '/translation?q=shop&client_id=7&status=Completed&target_lang=de&sort=name&order=desc&page=2',
      { session: sessionFor(adminUser) },
    );
    expect(await screen.findByText('51–51 of 51 projects')).toBeInTheDocument();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      limit: '50',
      offset: '50',
      sort: 'name',
      order: 'desc',
      q: 'shop',
      client_id: '7',
      status: 'Completed',
      target_lang: 'de',
    });
    const filters = within(screen.getByRole('search', { name: 'Filter projects' }));
    expect(filters.getByRole('textbox', { name: 'Search projects' })).toHaveValue('shop');
    expect(filters.getByRole('combobox', { name: 'Status' })).toHaveValue('Completed');
    expect(await filters.findByDisplayValue('Acme')).toBeInTheDocument();
    expect(filters.getByRole('combobox', { name: 'Target language' })).toHaveValue('German (de)');
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'descending');

    // Another order or filter goes into the URL and back to page 1.
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=status&order=asc'));
    expect(router.state.location.search).not.toContain('page=');
    await user.clear(filters.getByRole('textbox', { name: 'Search projects' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('q='));
    await waitFor(() => expect(asked.at(-1)?.has('q')).toBe(false));
  });

  it('shows the empty state', async () => {
    server.use(http.get('*/api/translation', () => HttpResponse.json([])));
    renderApp('/translation', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'Translation Projects' })).toBeInTheDocument();
    expect(await screen.findByText('No translation projects found yet.')).toBeInTheDocument();
  });

  it('lists client, title, one flag per target, status and actions', async () => {
    server.use(
      http.get('*/api/translation', () =>
        HttpResponse.json([
          project(1, { name: 'Shop', target_langs: ['de', 'pt-br', 'xx-unknown'], status: 'Translations_In_Correction' }),
          project(2, { name: 'Blog', client: null }),
        ]),
      ),
    );
    renderApp('/translation', { session: sessionFor(adminUser) });

    const shop = (await screen.findByRole('link', { name: 'Shop' })).closest('tr');
    if (shop === null) throw new Error('no row');
    const row = within(shop);
    expect(row.getByRole('img', { name: 'German (de)' })).toHaveAttribute('src', '/flags/de.svg');
    expect(row.getByRole('img', { name: 'Portuguese (Brazil) (pt-br)' })).toHaveAttribute('src', '/flags/pt-br.svg');
    expect(row.getByText('xx-unknown')).toBeInTheDocument();
    // Once in the Status column, once under the title for phones (CSS hides one of them).
    expect(row.getAllByText('Translations In Correction')).toHaveLength(2);
    expect(row.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/translation/1');

    const blog = screen.getByRole('link', { name: 'Blog' }).closest('tr');
    if (blog === null) throw new Error('no row');
    expect(within(blog).getByText('n/a')).toBeInTheDocument();
  });

  it('deletes a project after the confirmation', async () => {
    let projects = [project(1, { name: 'Shop' })];
    server.use(
      http.get('*/api/translation', () => HttpResponse.json(projects)),
      http.get('*/api/dashboard', () => HttpResponse.json({ clients: 0, translation_projects: 0, rebranding_projects: 0 })),
      http.delete('*/api/translation/1', () => {
        projects = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/translation', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Delete Project Shop' }));
    expect(await screen.findByText(DELETE_PROJECT_CONFIRMATION)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Project' }));
    expect(await screen.findByText('No translation projects found yet.')).toBeInTheDocument();
  });

  it('shows the server message when deleting fails', async () => {
    server.use(
      http.get('*/api/translation', () => HttpResponse.json([project(1, { name: 'Shop' })])),
      http.delete('*/api/translation/1', () => HttpResponse.json({ message: 'Locked' }, { status: 409 })),
    );
    const { user } = renderApp('/translation', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Delete Project Shop' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Project' }));
    expect(await screen.findByText('Could not delete project: Locked')).toBeInTheDocument();
  });

  it('requires one zip file before sending anything', async () => {
    const { dialog, dialogElement, requests } = await openCreateModal();
    const picker = userEvent.setup({ applyAccept: false });
    await picker.click(dialog.getByRole('button', { name: 'Create Project' }));
    expect(await dialog.findByText('Choose one .zip archive of XLIFF files.')).toBeInTheDocument();
    await picker.upload(fileInput(dialogElement), new File(['x'], 'page.xliff', { type: 'application/xml' }));
    expect(await dialog.findByText('The project files must be one .zip archive.')).toBeInTheDocument();
    await picker.click(dialog.getByRole('button', { name: 'Create Project' }));
    expect(requests).toHaveLength(0);
  });

  it('sends name, client and zip as multipart and lists skipped entries', async () => {
    const { user, dialog, dialogElement, requests } = await openCreateModal();
    await user.type(dialog.getByLabelText('Project name'), 'Website');
    await user.click(dialog.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await user.upload(fileInput(dialogElement), new File(['PK'], 'export.zip', { type: 'application/zip' }));
    await user.click(dialog.getByRole('button', { name: 'Create Project' }));

    expect(await screen.findByText('Project successfully created')).toBeInTheDocument();
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const form = await requests[0]?.formData();
    expect(form?.get('project_name')).toBe('Website');
    expect(form?.get('client_id')).toBe('7');
    expect((form?.get('project_files') as File).name).toBe('export.zip');
  });

  it("shows the server's message naming a bad file", async () => {
    const { user, dialog, dialogElement } = await openCreateModal();
    server.use(
      http.post('*/api/translation', () =>
        HttpResponse.json({ message: 'page-3.xliff: not XLIFF (line 1, column 1)' }, { status: 422 }),
      ),
    );
    await user.upload(fileInput(dialogElement), new File(['PK'], 'export.zip', { type: 'application/zip' }));
    await user.click(dialog.getByRole('button', { name: 'Create Project' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('page-3.xliff: not XLIFF (line 1, column 1)');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Create Project' })).toBeEnabled());
  });
});
