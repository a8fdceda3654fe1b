import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { emptyAnalysis, job, project, run } from '../../../test/translation';
import type { ImportedProject, Project, ProjectStatus, RunStatus } from '../api';
import { TRANSLATION_COMPLETE } from '../components/RunProgress';
import { PROJECT_COMPLETE } from '../components/StatusStepper';

const GLOSSARY_NOTICE = 'The DeepL glossary for en → de could not be made from the client\'s termbase (unsupported pair).';

/** Answers GET for project 1 and its run; the returned setter changes what later GETs see. */
function serve(initial: Project, runStatus: RunStatus = run()) {
  let current = initial;
  server.use(
    http.get('*/api/translation/1', () => HttpResponse.json(current)),
    http.get('*/api/translation/1/pretranslate', () => HttpResponse.json(runStatus)),
    http.get('*/api/translation/1/review-links', () => HttpResponse.json([])),
    http.get('*/api/translation/1/comments', () => HttpResponse.json([])),
    http.get('*/api/translation/1/analysis', () => HttpResponse.json(emptyAnalysis(1))),
    http.get('*/api/translation/1/fuzzy-fill', () => HttpResponse.json({ threshold: null })),
  );
  return (next: Project) => {
    current = next;
    return next;
  };
}

/** The accordion sections whose panel is open, by title. */
function openSections(): string[] {
  return screen
    .getAllByRole('button', { expanded: true })
    .map((button) => button.textContent);
}

describe('TranslationDetailPage', () => {
  it('shows name, client, tabs and the first step for a new project', async () => {
    serve(project(1, { name: 'Shop' }));
    renderApp('/translation/1', { session: sessionFor(adminUser) });
    const heading = await screen.findByRole('heading', { name: 'Shop' });
    expect(within(heading.parentElement ?? heading).getByText('Acme')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Project Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Project Information' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Translation Jobs' })).toBeInTheDocument();
    expect(openSections()).toEqual(['Pre-Translate Project with the machine translation provider']);
    expect(screen.getByRole('button', { name: 'Begin Translation' })).toBeInTheDocument();
    // The cost estimate before starting.
    expect(await screen.findByText('1,234 characters of untranslated text to send')).toBeInTheDocument();
    expect(screen.queryByText(PROJECT_COMPLETE)).not.toBeInTheDocument();
  });

  it.each([
    ['Pretranslated', 'Export XLSX Files', 'Export XLSX'],
    ['Translations_In_Correction', 'Import corrected XLSX files', 'Import XLSX Archive'],
    ['Translations_Corrected', 'Export XLIFF for WPML', 'Export XLIFF'],
    ['Something_Else', 'Pre-Translate Project with the machine translation provider', 'Begin Translation'],
  ])('opens the accordion on the section of status %s', async (status, section, button) => {
    // An unknown status (a newer server) is shown as the first step.
    serve(project(1, { status: status as ProjectStatus }));
    renderApp('/translation/1', { session: sessionFor(adminUser) });
    await screen.findByRole('button', { name: button });
    expect(openSections()).toEqual([section]);
    expect(screen.queryByText(PROJECT_COMPLETE)).not.toBeInTheDocument();
  });

  it('has a WordPress tab only when the project was made from a site', async () => {
    const setProject = serve(project(1, { name: 'Shop' }));
    server.use(
      http.get('*/api/translation/1/publish', () =>
        HttpResponse.json({ site: { id: 3, name: 'Acme shop', url: 'https://shop.acme.example' }, run: null }),
      ),
    );
    const { unmount } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await screen.findByRole('heading', { name: 'Shop' });
    expect(screen.getByRole('tab', { name: 'Quote' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'WordPress' })).not.toBeInTheDocument();
    unmount();

    setProject(project(1, { name: 'Shop', site: { id: 3, name: 'Acme shop' } }));
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'WordPress' }));
    expect(await screen.findByText('Nothing published yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Project Information' }));
    expect(screen.getByRole('row', { name: /WordPress site/ })).toHaveTextContent('Acme shop');
  });

  it('shows the completion message and support section on Completed', async () => {
    serve(project(1, { status: 'Completed' }));
    renderApp('/translation/1', { session: sessionFor(adminUser) });
    expect(await screen.findByText(PROJECT_COMPLETE)).toBeInTheDocument();
    expect(openSections()).toEqual(['Support & Assistance']);
    expect(screen.getByRole('link', { name: 'Read the wiki article on website translation' })).toBeInTheDocument();
  });

  it('says so when the project does not exist', async () => {
    server.use(http.get('*/api/translation/99', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderApp('/translation/99', { session: sessionFor(adminUser) });
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
  });

  it('renders a running pre-translation live, then its end', async () => {
    let answer = run({
      state: 'running',
      pseudo: true,
      provider: 'pseudo',
      jobs_done: 1,
      segments_done: 10,
      from_memory: 4,
      from_mt: 6,
      lines: [{ job_id: 1, file_name: 'page-1.xliff', kind: 'success', message: 'Successfully translated page-1.xliff' }],
    });
    let current = project(1);
    server.use(
      http.get('*/api/translation/1', () => HttpResponse.json(current)),
      http.get('*/api/translation/1/pretranslate', () => HttpResponse.json(answer)),
      http.get('*/api/translation/1/review-links', () => HttpResponse.json([])),
      http.get('*/api/translation/1/comments', () => HttpResponse.json([])),
    );
    renderApp('/translation/1', { session: sessionFor(adminUser) });

    expect(await screen.findByText('Successfully translated page-1.xliff')).toBeInTheDocument();
    expect(screen.getByText('Pseudo run: not a real translation')).toBeInTheDocument();
    expect(screen.getByText(/Translation in progress/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Translation progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('1 of 3 jobs, 10 of 30 segments')).toBeInTheDocument();
    expect(screen.getByText('Pseudo-translated')).toBeInTheDocument();

    answer = run({
      ...answer,
      state: 'done',
      jobs_done: 3,
      segments_done: 30,
      flagged: 1,
      term_warnings: 2,
      characters_pending: 0,
      notices: [GLOSSARY_NOTICE],
      lines: [
        ...answer.lines,
        { job_id: 2, file_name: 'page-2.xliff', kind: 'warning', message: 'Errors encountered while translating page-2.xliff: quota' },
        { job_id: 3, file_name: 'page-3.xliff', kind: 'success', message: 'Successfully translated page-3.xliff' },
      ],
    });
    current = project(1, { status: 'Pretranslated' });
    expect(await screen.findByText(TRANSLATION_COMPLETE)).toBeInTheDocument();
    expect(screen.getByText('Errors encountered while translating page-2.xliff: quota')).toBeInTheDocument();
    expect(screen.getByText(GLOSSARY_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('Term warnings').parentElement).toHaveTextContent('2');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    // The project was refetched: Pretranslated opens the next section, the run stays visible.
    await waitFor(() => expect(openSections()).toContain('Export XLSX Files'));
    expect(openSections()).toContain('Pre-Translate Project with the machine translation provider');
  });

  it('starts a run with Begin Translation', async () => {
    let started = false;
    serve(project(1));
    server.use(
      http.post('*/api/translation/1/pretranslate', () => {
        started = true;
        return HttpResponse.json(run({ state: 'running' }), { status: 202 });
      }),
    );
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await screen.findByText('1,234 characters of untranslated text to send');
    await user.click(screen.getByRole('button', { name: 'Begin Translation' }));
    await waitFor(() => expect(started).toBe(true));
    expect(await screen.findByText(/Translation in progress/)).toBeInTheDocument();
  });

  it('imports the corrected XLSX archive and shows the report', async () => {
    let sent: File | null = null;
    const imported: ImportedProject = {
      ...project(1, { status: 'Translations_Corrected' }),
      import_report: {
        files: [
          {
            file_name: 'page-1.xlsx',
            job_id: 1,
            job_file_name: 'page-1.xliff',
            updated: 5,
            unchanged: 2,
            refused: [{ row: 14, key: 'u3', reason: 'The tag <a> is missing in the translation' }],
            review_conflicts: [],
            warnings: [{ row: 9, key: 'u1', message: 'Number 42 of the source is missing' }],
          },
        ],
        unmatched_files: ['other.xlsx'],
        skipped: [],
      },
    };
    serve(project(1, { status: 'Translations_In_Correction' }));
    server.use(
      http.post('*/api/translation/1/upload-xlsx', async ({ request }) => {
        sent = (await request.formData()).get('xlsx_files') as File;
        return HttpResponse.json(imported);
      }),
    );
    const { user, container } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await screen.findByRole('button', { name: 'Import XLSX Archive' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (input === null) throw new Error('no file input');
    expect(screen.getByText('XLSX Files')).toBeInTheDocument();
    await user.upload(input, new File(['PK'], 'corrected.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Import XLSX Archive' }));

    expect(await screen.findByText('Project successfully updated')).toBeInTheDocument();
    expect((sent as File | null)?.name).toBe('corrected.zip');
    const report = within(screen.getByRole('region', { name: 'Import report' }));
    expect(report.getByText('5 updated')).toBeInTheDocument();
    expect(report.getByText('2 unchanged')).toBeInTheDocument();
    expect(report.getByText('1 refused')).toBeInTheDocument();
    expect(report.getByRole('row', { name: '14 The tag <a> is missing in the translation' })).toBeInTheDocument();
    expect(report.getByRole('row', { name: '9 Number 42 of the source is missing' })).toBeInTheDocument();
    expect(report.getByText('other.xlsx')).toBeInTheDocument();
  });

  it('exports XLIFF and moves the project to Completed', async () => {
    let status = '';
    const update = serve(project(1, { status: 'Translations_Corrected', name: 'Shop' }));
    server.use(
      http.post('*/api/translation/1/download-xliff', () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x50, 0x4b, 3, 4]).buffer, { headers: { 'Content-Type': 'application/zip' } }),
      ),
      http.put('*/api/translation/1', async ({ request }) => {
        const body = (await request.json()) as { project_status: string; project_name: string };
        status = body.project_status;
        return HttpResponse.json(update(project(1, { status: body.project_status as ProjectStatus, name: body.project_name })));
      }),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/dashboard', () => HttpResponse.json({ clients: 0, translation_projects: 1, rebranding_projects: 0 })),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Export XLIFF' }));
    await waitFor(() => expect(status).toBe('Completed'));
    expect(saved).toEqual(['Shop-xliff.zip']);
    expect(await screen.findByText(PROJECT_COMPLETE)).toBeInTheDocument();
    click.mockRestore();
  });

  it('alerts when the XLSX download fails', async () => {
    serve(project(1, { status: 'Pretranslated' }));
    server.use(http.post('*/api/translation/1/download-xlsx', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Export XLSX' }));
    expect(await screen.findByText('Failed to download XLSX for this project. Please check the logs')).toBeInTheDocument();
  });

  it('lists the jobs with flags and links', async () => {
    serve(project(1, { jobs: [job(1), job(2, { wpml_id: null, target_lang: 'fr', post_type: null })] }));
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Translation Jobs' }));
    const row = screen.getByRole('row', { name: /page-2\.xliff/ });
    expect(within(row).getByRole('img', { name: 'French (fr)' })).toHaveAttribute('src', '/flags/fr.svg');
    expect(within(row).getByText('n/a')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/job/2');
    expect(within(row).getByRole('button', { name: 'Delete Job page-2.xliff' })).toBeInTheDocument();
  });

  it('says so when a project has no jobs', async () => {
    serve(project(1, { jobs: [] }));
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Translation Jobs' }));
    expect(screen.getByText('No jobs for this project.')).toBeInTheDocument();
  });

  it('edits name and status, requiring a name', async () => {
    let sent: unknown = null;
    const update = serve(project(1, { name: 'Shop' }));
    server.use(
      http.put('*/api/translation/1', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(update(project(1, { name: 'Shop 2', status: 'Completed' })));
      }),
      http.get('*/api/translation', () => HttpResponse.json([])),
      http.get('*/api/dashboard', () => HttpResponse.json({ clients: 0, translation_projects: 1, rebranding_projects: 0 })),
    );
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Shop' }));
    const name = dialog.getByLabelText(/^Project name/);
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The project name is required.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(name, 'Shop 2');
    await user.click(dialog.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    expect(sent).toEqual({ project_id: 1, project_name: 'Shop 2', project_status: 'Completed' });
    expect(await screen.findByRole('heading', { name: 'Shop 2' })).toBeInTheDocument();
  });
});
