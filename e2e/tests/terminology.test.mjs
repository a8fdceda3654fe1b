// A client's termbase end to end (pseudo MT, see run.mjs): three terms added in the
// Terminology tab, a TBX file imported, a project of the client pre-translated, and the term
// warning on the job page, and the Terms column of the review workbook.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, scratchFolder, shot, signIn, tokenFor, unique, unzip, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/wpml/demo-translation-job-101.xliff');

let browser;
let page;
let token;
let clientId;
let projectId;
const clientName = unique('Termbase Client');

const TBX = `<?xml version="1.0" encoding="UTF-8"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
  <text><body>
    <termEntry id="1">
      <langSec xml:lang="en"><termSec><term>office</term></termSec></langSec>
      <langSec xml:lang="de"><termSec><term>Büro</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec></langSec>
    </termEntry>
    <termEntry id="2">
      <langSec xml:lang="en"><termSec><term>contact</term></termSec></langSec>
      <langSec xml:lang="de"><termSec><term>Kontakt</term></termSec></langSec>
    </termEntry>
  </body></text>
</tbx>`;

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
  clientId = client.json.id;
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

const terms = async () => (await api(`/api/client/${clientId}/terms?limit=200`, { token })).json;

async function addTerm({ kind, source, targets }) {
  await page.getByRole('button', { name: 'Add term' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a term' });
  await modal.getByLabel('Target language').fill('de');
  await modal.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: kind }).click();
  await modal.getByLabel('Source term').fill(source);
  if (targets !== undefined) await modal.getByRole('textbox', { name: /target terms/i }).fill(targets);
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: source }).first().waitFor();
}

test('three terms are added in the Terminology tab, with validation', async () => {
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('tab', { name: 'Terminology' }).click();
  await page.getByText('No terms yet.').waitFor();

  // An empty form names what is missing and saves nothing.
  await page.getByRole('button', { name: 'Add term' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a term' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.getByText('The source term is required').waitFor();
  await modal.getByRole('button', { name: 'Close' }).click().catch(() => page.keyboard.press('Escape'));
  await modal.waitFor({ state: 'detached' });

  await addTerm({ kind: 'Preferred', source: 'websites', targets: 'Webseiten' });
  await addTerm({ kind: 'Forbidden', source: 'web pages', targets: 'Netzseiten' });
  await addTerm({ kind: 'Do not translate', source: 'Demo Inc' });
  const stored = await terms();
  assert.deepEqual(
    stored.map((t) => [t.source, t.kind, t.targets]).sort(),
    [
      ['Demo Inc', 'do_not_translate', []],
      ['web pages', 'forbidden', ['Netzseiten']],
      ['websites', 'preferred', ['Webseiten']],
    ],
  );
  await shot(page, 'terminology-tab');
});

test('a TBX file is imported with a report', async () => {
  await page.getByRole('button', { name: 'Import' }).click();
  const modal = page.getByRole('dialog', { name: 'Import terms' });
  await modal.locator('input[type=file]').setInputFiles({
    name: 'client.tbx',
    mimeType: 'application/x-tbx+xml',
    buffer: Buffer.from(TBX, 'utf8'),
  });
  await modal.getByRole('button', { name: 'Import', exact: true }).click();
  await modal
    .getByText('2 entries read (TBX): 2 added, 0 updated, 0 unchanged, 0 replaced by a later entry of the file.')
    .waitFor();
  await shot(page, 'terminology-import');
  await modal.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('row').filter({ hasText: 'office' }).waitFor();
  assert.equal((await terms()).length, 5);
});

test('pre-translation with the pseudo provider shows a term warning on the job page', async () => {
  const form = new FormData();
  form.append('project_name', unique('Terms project'));
  form.append('client_id', String(clientId));
  form.append(
    'project_files',
    new Blob([zip([{ name: 'demo-translation-job-101.xliff', data: readFileSync(fixture) }])], { type: 'application/zip' }),
    'project.zip',
  );
  const created = await api('/api/translation', { method: 'POST', token, form });
  assert.equal(created.status, 201, created.text);
  projectId = created.json.id;
  const started = await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token });
  assert.equal(started.status, 202, started.text);
  const deadline = Date.now() + 60_000;
  while ((await api(`/api/translation/${projectId}/pretranslate`, { token })).json.state === 'running') {
    assert.ok(Date.now() < deadline, 'the run ends');
    await new Promise((r) => setTimeout(r, 200));
  }
  const jobId = (await api(`/api/translation/${projectId}`, { token })).json.jobs[0].id;
  const segments = (await api(`/api/job/${jobId}`, { token })).json.segments;
  const flagged = segments.find((s) => s.source.includes('websites'));
  assert.ok(flagged.qa_flags.some((f) => f.kind === 'term'), JSON.stringify(flagged.qa_flags));

  await page.goto(`/job/${jobId}`);
  const table = page.getByRole('table', { name: 'Segments' });
  const row = table.getByRole('row').filter({ hasText: 'websites' }).first();
  await row.getByText('websites').first().click();
  await page.locator('[data-open-segment]').filter({ hasText: 'websites' }).waitFor();
  // The term warning is beside the open segment.
  await page.getByRole('region', { name: 'QA warnings' }).locator('[data-qa-warning="term"]').first().waitFor();
  // The source's term is underlined, its target on hover.
  const underlined = row.locator('[data-term-kind="preferred"]', { hasText: 'websites' }).first();
  await underlined.hover();
  await page.getByRole('tooltip').filter({ hasText: 'websites → Webseiten' }).waitFor();
  await shot(page, 'terminology-job-warning');
});

test('the review workbook has a Terms column naming the terms of each row', async () => {
  await page.goto(`/translation/${projectId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX', exact: true }).click();
  const file = await download;
  const path = join(scratchFolder('terms'), file.suggestedFilename());
  await file.saveAs(path);
  const [workbook] = unzip(readFileSync(path));
  const sheet = unzip(workbook.data)
    .find((entry) => entry.name === 'xl/worksheets/sheet1.xml')
    .data.toString('utf8');
  const cells = [...sheet.matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) => m[1]);
  assert.ok(cells.includes('Terms'), 'the Terms header');
  const websites = cells.find((text) => text.includes('websites \u2192 Webseiten'));
  assert.ok(websites, cells.join(' | '));
  await shot(page, 'terminology-workbook-exported');
});
