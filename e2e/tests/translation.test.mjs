// Translation projects end to end (pseudo MT, see run.mjs): create from a zip of three WPML
// exports, jobs and flags, a job's segments, edit, add and delete a job, server-side
// pre-translation, the XLSX review round trip, XLIFF export, delete.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, scratchFolder, shot, signIn, tokenFor, unique, unzip, zip, zipEntryNames } from '../support.mjs';

const fixtures = join(import.meta.dirname, '../fixtures/wpml');
const files = readdirSync(fixtures).filter((f) => f.endsWith('.xliff')).sort();
const downloads = scratchFolder('downloads');

let browser;
let page;
let token;
let projectId;
const clientName = unique('Acme Translations');
const name = unique('Website');
const renamed = `${name} 2026`;

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  const form = new FormData();
  form.append('client_name', clientName);
  form.append(
    'client_logo',
    new Blob(['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>'], {
      type: 'image/svg+xml',
    }),
    'logo.svg',
  );
  const client = await api('/api/client', { method: 'POST', token, form });
  assert.equal(client.status, 201, client.text);
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

const project = async () => (await api(`/api/translation/${projectId}`, { token })).json;

const xmlText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (text) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * A customer's edit of a workbook: every string cell whose text (shared or inline, plain or
 * rich) is a key of `changes` gets the new text, as a spreadsheet program would save it.
 */
function editWorkbook(xlsx, changes) {
  const parts = unzip(xlsx).map(({ name, data }) => {
    if (!name.startsWith('xl/') || !name.endsWith('.xml')) return { name, data };
    const xml = data.toString('utf8').replace(/<(si|is)>([\s\S]*?)<\/\1>/g, (whole, tag, inner) => {
      const text = [...inner.matchAll(/<t(?: [^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1])).join('');
      return changes.has(text) ? `<${tag}><t xml:space="preserve">${xmlText(changes.get(text))}</t></${tag}>` : whole;
    });
    return { name, data: Buffer.from(xml, 'utf8') };
  });
  return zip(parts);
}

/** Waits until the API reports the project in `status` (the app PUTs it after a download). */
async function statusBecomes(status) {
  const deadline = Date.now() + 15_000;
  let current;
  while (Date.now() < deadline) {
    current = (await project()).status;
    if (current === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`project status is ${current}, expected ${status}`);
}

test('a project is created from a zip of WPML exports and listed with its flags', async () => {
  const archive = zip([
    ...files.map((f) => ({ name: f, data: readFileSync(join(fixtures, f)) })),
    { name: '__MACOSX/._demo-translation-job-101.xliff', data: 'junk' },
    { name: 'readme.txt', data: 'not a job' },
  ]);
  await page.goto('/translation');
  await page.getByRole('heading', { name: 'Translation Projects' }).waitFor();
  await page.getByRole('button', { name: 'Add Project' }).click();
  const modal = page.getByRole('dialog', { name: 'Adding new project...' });
  await modal.getByLabel('Project name').fill(name);
  await modal.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: clientName }).click();
  await modal.locator('input[type=file]').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: archive });
  await modal.getByRole('button', { name: 'Create Project' }).click();
  await page.getByText('Project successfully created').waitFor();
  // The entry that is neither an XLIFF file nor macOS metadata is reported back by name.
  await page.getByText('readme.txt').waitFor();
  await modal.waitFor({ state: 'detached' });

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('cell', { name: clientName }).waitFor();
  for (const code of ['de', 'fr', 'pt-br']) {
    const flag = row.locator(`img[src="/flags/${code}.svg"]`);
    await flag.waitFor();
    // The flag really is served (shipped with the app), not a broken image.
    assert.ok(await flag.evaluate((img) => img.complete && img.naturalWidth > 0), `flag ${code} loads`);
  }
  await row.getByRole('cell', { name: 'Created', exact: true }).waitFor();
  await shot(page, 'translation-list');

  const listed = (await api('/api/translation', { token })).json.find((p) => p.name === name);
  assert.ok(listed, 'the API lists the project');
  projectId = listed.id;
  assert.equal(listed.job_count, 3);
  assert.equal(listed.client.client_name, clientName);
});

test('the detail lists the jobs with flags and a job shows its segments', async () => {
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name: 'Learn more' }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
  await page.getByText(clientName).first().waitFor();
  await page.getByRole('tab', { name: 'Translation Jobs' }).click();
  const jobRows = page.getByRole('tabpanel', { name: 'Translation Jobs' }).getByRole('row');
  await jobRows.filter({ hasText: files[2] }).waitFor();
  assert.equal(await jobRows.count(), 4, 'a header and three jobs');
  const row = jobRows.filter({ hasText: files[2] });
  await row.locator('img[src="/flags/en.svg"]').waitFor();
  await row.locator('img[src="/flags/pt-br.svg"]').waitFor();

  await jobRows.filter({ hasText: files[1] }).getByRole('link', { name: 'Learn more' }).click();
  await page.waitForURL(/\/job\/\d+$/);
  await page.getByRole('heading', { name: files[1] }).waitFor();
  // A job belongs to Translation: the sidebar says where the user is.
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await nav.getByRole('link', { name: 'Translation' }).getAttribute('aria-current'), 'page');
  assert.equal(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'), null);
  const table = page.getByRole('table', { name: 'Segments' });
  await table.getByRole('row').filter({ hasText: 'Our new office' }).waitFor();
  // Markup is shown as tags, not rendered: the link of the source is a tag chip, not an <a>.
  await table.locator('[data-markup="tag"]', { hasText: '<a>' }).first().waitFor();
  assert.equal(await table.locator('a[href="https://demo.example/contact/"]').count(), 0);
  await shot(page, 'translation-job-page');
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
});

test("editing changes the project's name and status", async () => {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  let modal = page.getByRole('dialog', { name: `Edit ${name}` });
  await modal.getByLabel('Project name').fill(renamed);
  await modal.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Translations finalized' }).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Project updated').waitFor();
  await page.getByRole('heading', { name: renamed, exact: true }).waitFor();
  let saved = await project();
  assert.equal(saved.name, renamed);
  assert.equal(saved.status, 'Translations_Corrected');
  await page.getByRole('button', { name: 'Export XLIFF for WPML', expanded: true }).waitFor();

  // Any status may be chosen: back to the start for the workflow below.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  modal = page.getByRole('dialog', { name: `Edit ${renamed}` });
  await modal.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Created' }).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Project updated').first().waitFor();
  await modal.waitFor({ state: 'detached' });
  saved = await project();
  assert.equal(saved.status, 'Created');
});

test('a job is added and deleted again', async () => {
  await page.getByRole('button', { name: 'Add Job' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a translation job' });
  await modal.locator('input[type=file]').setInputFiles({
    name: 'extra-job.xliff',
    mimeType: 'application/xliff+xml',
    buffer: readFileSync(join(fixtures, files[0])),
  });
  await modal.getByRole('button', { name: 'Add Job' }).click();
  await page.getByText('Job successfully added').waitFor();
  await page.getByRole('tab', { name: 'Translation Jobs' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Translation Jobs' });
  await panel.getByRole('row').filter({ hasText: 'extra-job.xliff' }).waitFor();

  await panel.getByRole('button', { name: 'Delete Job extra-job.xliff' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you wish to delete this job?' });
  await confirm.getByRole('button', { name: 'Delete Job' }).click();
  await panel.getByRole('row').filter({ hasText: 'extra-job.xliff' }).waitFor({ state: 'detached' });
  assert.equal((await project()).jobs.length, 3);
});

test('Begin Translation runs on the server, shows a line per job and ends Pretranslated', async () => {
  await page.getByRole('tab', { name: 'Project Management' }).click();
  await page.getByText(/characters of untranslated text to send/).waitFor();
  await page.getByText('Pseudo run: not a real translation').waitFor();
  await page.getByRole('button', { name: 'Begin Translation' }).click();
  await page.getByRole('progressbar', { name: 'Translation progress' }).waitFor();
  await shot(page, 'translation-pretranslation-started');
  await page.getByText('Translation complete.').waitFor({ timeout: 60_000 });
  const lines = page.getByRole('list', { name: 'Translated jobs' }).getByRole('listitem');
  assert.equal(await lines.count(), 3);
  for (const file of files) await lines.filter({ hasText: `Successfully translated ${file}` }).waitFor();
  await statusBecomes('Pretranslated');
  await page.getByRole('button', { name: 'Export XLSX Files', expanded: true }).waitFor();
  await shot(page, 'translation-pretranslation-done');

  // Reopening the page shows the finished run (its section is no longer the current one).
  await page.reload();
  await page.getByRole('button', { name: 'Pre-Translate Project with the machine translation provider' }).click();
  await page.getByText('Translation complete.').waitFor();
  assert.equal(await lines.count(), 3);
});

test('Export XLSX, Import XLSX Archive and Export XLIFF complete the project', async () => {
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX', exact: true }).click();
  const xlsxDownload = await xlsx;
  assert.equal(xlsxDownload.suggestedFilename(), `${renamed}-xlsx.zip`);
  const xlsxPath = join(downloads, xlsxDownload.suggestedFilename());
  await xlsxDownload.saveAs(xlsxPath);
  assert.deepEqual(
    zipEntryNames(readFileSync(xlsxPath)).sort(),
    files.map((f) => f.replace(/\.xliff$/, '.xlsx')).sort(),
  );
  await statusBecomes('Translations_In_Correction');
  await page.getByRole('button', { name: 'Import corrected XLSX files', expanded: true }).waitFor();

  // The customer corrects one title and breaks a tag in one body; the rest comes back unchanged.
  const jobs = (await project()).jobs;
  const job = jobs.find((j) => j.file_name === files[0]);
  const segments = (await api(`/api/job/${job.id}`, { token })).json.segments;
  const title = segments.find((s) => s.resname === 'title');
  const body = segments.find((s) => s.resname === 'body');
  const workbook = files[0].replace(/\.xliff$/, '.xlsx');
  const corrected = zip(
    unzip(readFileSync(xlsxPath)).map(({ name, data }) => ({
      name,
      data:
        name === workbook
          ? editWorkbook(
              data,
              new Map([
                [title.target, 'Über uns'],
                [body.target, '<p>Wir bauen <strong>Websites seit 2004.</p>'],
              ]),
            )
          : data,
    })),
  );
  const correctedPath = join(downloads, 'corrected.zip');
  writeFileSync(correctedPath, corrected);

  const importSection = page.getByRole('region', { name: 'Import corrected XLSX files' });
  await importSection.getByText('XLSX Files', { exact: true }).waitFor();
  await importSection.locator('input[type=file]').setInputFiles(correctedPath);
  await page.getByRole('button', { name: 'Import XLSX Archive' }).click();
  await page.getByText('Project successfully updated').waitFor();
  const report = page.getByRole('region', { name: 'Import report' });
  await report.waitFor();
  for (const file of files) await report.getByText(file.replace(/\.xliff$/, '.xlsx')).waitFor();
  const edited = report.locator('.mantine-Paper-root').filter({ hasText: workbook });
  await edited.getByText('1 updated').waitFor();
  await edited.getByText('1 refused').waitFor();
  await edited.getByRole('row').filter({ hasText: /strong/ }).waitFor();
  const after = (await api(`/api/job/${job.id}`, { token })).json.segments;
  assert.equal(after.find((s) => s.resname === 'title').target, 'Über uns');
  assert.equal(after.find((s) => s.resname === 'body').target, body.target, 'the refused row keeps its target');
  await statusBecomes('Translations_Corrected');
  await shot(page, 'translation-import-report');

  const xliff = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLIFF', exact: true }).click();
  const xliffDownload = await xliff;
  assert.equal(xliffDownload.suggestedFilename(), `${renamed}-xliff.zip`);
  const xliffPath = join(downloads, xliffDownload.suggestedFilename());
  await xliffDownload.saveAs(xliffPath);
  const xliffs = unzip(readFileSync(xliffPath));
  assert.deepEqual(xliffs.map((e) => e.name).sort(), [...files].sort());
  const exported = xliffs.find((e) => e.name === files[0]).data.toString('utf8');
  assert.match(exported, /<target[^>]*><!\[CDATA\[Über uns\]\]><\/target>/);
  await statusBecomes('Completed');
  await page.getByText('Project translation complete. You can now download the XLIFF files for WPML.').waitFor();
  await page.getByRole('button', { name: 'Support & Assistance', expanded: true }).waitFor();
  await shot(page, 'translation-project-completed');
});

test('narrow screens keep list, detail and job page usable', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('heading', { name: renamed, exact: true }).waitFor();
  await shot(page, 'translation-narrow-detail');
  await page.goto('/translation');
  await page.getByRole('link', { name: renamed }).waitFor();
  await shot(page, 'translation-narrow-list');
  const jobId = (await project()).jobs[0].id;
  await page.goto(`/job/${jobId}`);
  await page.getByRole('table', { name: 'Segments' }).waitFor();
  await shot(page, 'translation-narrow-job');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('deleting asks for confirmation and removes the project', async () => {
  await page.goto(`/translation/${projectId}`);
  await page.getByRole('button', { name: 'Delete Project' }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you wish to delete this project? This cannot be undone.' });
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await page.waitForURL('**/translation');
  await page.getByRole('link', { name: renamed }).waitFor({ state: 'detached' });
  assert.equal((await api(`/api/translation/${projectId}`, { token })).status, 404);
});
