// The translation memory end to end (pseudo MT, see run.mjs): a client's TMX imported, a zip
// uploaded, the priced analysis on the project page, the PDF quote downloaded and drawn to PNG
// (pdftoppm, poppler-utils), fuzzy matches filled by pre-translation, and the match list on the
// job page.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, assertAccessible, launch, shot, signIn, tokenFor, unique, until, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/wpml/demo-translation-job-101.xliff');
const artifacts = process.env.WORDMARK_E2E_SHOTS ?? join(import.meta.dirname, '../artifacts');

let browser;
let page;
let token;
let clientId;
let projectId;
const clientName = unique('Memory Client');
const projectName = unique('Memory project');

// "About us" as the fixture has it (100 %), and its paragraph with another year (fuzzy).
const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="en" creationtool="e2e" segtype="sentence" datatype="html" adminlang="en" o-tmf="x"/>
<body>
<tu><tuv xml:lang="en"><seg>About us</seg></tuv><tuv xml:lang="de"><seg>Über uns</seg></tuv></tu>
<tu><tuv xml:lang="en"><seg><bpt i="1">&lt;p&gt;</bpt>We build <bpt i="2">&lt;strong&gt;</bpt>websites<ept i="2">&lt;/strong&gt;</ept> since 2005.<ept i="1">&lt;/p&gt;</ept></seg></tuv>
<tuv xml:lang="de"><seg><bpt i="1">&lt;p&gt;</bpt>Wir bauen <bpt i="2">&lt;strong&gt;</bpt>Webseiten<ept i="2">&lt;/strong&gt;</ept> seit 2005.<ept i="1">&lt;/p&gt;</ept></seg></tuv></tu>
</body></tmx>`;

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  const form = new FormData();
  form.append('client_name', clientName);
  form.append(
    'client_logo',
    new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 4"><rect width="8" height="4" fill="#1c7ed6"/></svg>'],
      { type: 'image/svg+xml' },
    ),
    'logo.svg',
  );
  const client = await api('/api/client', { method: 'POST', token, form });
  assert.equal(client.status, 201, client.text);
  clientId = client.json.id;
  const tmx = new FormData();
  tmx.append('file', new Blob([TMX], { type: 'application/x-tmx+xml' }), 'memory.tmx');
  const imported = await api(`/api/client/${clientId}/memory/import`, { method: 'POST', token, form: tmx });
  assert.equal(imported.status, 200, imported.text);
  assert.equal(imported.json.entries, 2);
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

test("the client's Translation memory tab lists, searches and exports the imported entries", async () => {
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('tab', { name: 'Translation memory' }).click();
  await page.getByText('Über uns').waitFor();
  await page.getByRole('textbox', { name: 'Search sources and targets' }).fill('Webseiten');
  await page.getByText('Über uns').waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: /Wir bauen/ }).waitFor();
  await shot(page, 'memory-client-tab');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export TMX' }).click()]);
  assert.equal(download.suggestedFilename(), `memory-${clientId}.tmx`);
  await page.getByRole('tab', { name: 'Rates' }).click();
  await page.getByText('No scheme saved yet: these are the built-in rates.').waitFor();
  await shot(page, 'memory-client-rates');
});

test('an uploaded zip shows its priced analysis on the project page', async () => {
  await page.goto('/translation');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const modal = page.getByRole('dialog', { name: 'Adding new project...' });
  await modal.getByLabel('Project name').fill(projectName);
  await modal.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: clientName }).click();
  const archive = zip([{ name: 'demo-translation-job-101.xliff', data: readFileSync(fixture) }]);
  await modal.locator('input[type=file]').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: archive });
  await modal.getByRole('button', { name: 'Create Project' }).click();
  await page.getByText('Project successfully created').waitFor();
  await modal.waitFor({ state: 'detached' });
  projectId = (await api('/api/translation', { token })).json.find((p) => p.name === projectName).id;

  await page.goto(`/translation/${projectId}`);
  const table = page.getByRole('table', { name: 'Analysis' });
  await table.waitFor();
  const analysis = (await api(`/api/translation/${projectId}/analysis`, { token })).json;
  const exact = analysis.bands.find((b) => b.band === 'exact');
  assert.ok(exact.segments >= 1, JSON.stringify(analysis.bands));
  await table.getByRole('row').filter({ hasText: '100 %' }).getByRole('cell', { name: String(exact.segments), exact: true }).first().waitFor();
  await table.getByRole('row').filter({ hasText: 'Total' }).getByText(/€/).waitFor();
  await page.getByText(/Priced by the built-in rate scheme/).waitFor();
  await shot(page, 'memory-analysis');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'memory-analysis-390');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the PDF quote downloads and draws', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download quote (PDF)' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `quote-${projectId}.pdf`);
  mkdirSync(artifacts, { recursive: true });
  const pdf = join(artifacts, 'memory-quote.pdf');
  await download.saveAs(pdf);
  assert.ok(readFileSync(pdf).subarray(0, 5).toString() === '%PDF-', 'a PDF');
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  assert.match(text, new RegExp(projectName));
  assert.match(text, new RegExp(clientName));
  assert.match(text, /Total\s+EUR \d/);
  // The quote as a picture next to the screenshots, to look at.
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, join(artifacts, 'memory-quote')]);
  assert.ok(readFileSync(join(artifacts, 'memory-quote.png')).subarray(1, 4).toString() === 'PNG');
});

test('fuzzy matches are filled and the job page lists the matches', async () => {
  await page.getByRole('switch', { name: /Fill fuzzy memory matches/ }).click();
  const threshold = page.getByRole('textbox', { name: 'Lowest score filled' });
  await threshold.fill('75');
  await threshold.blur();
  await until('the threshold is saved', async () => (await api(`/api/translation/${projectId}/fuzzy-fill`, { token })).json.threshold === 75);
  assert.deepEqual((await api(`/api/translation/${projectId}/fuzzy-fill`, { token })).json, { threshold: 75 });

  const started = await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token });
  assert.equal(started.status, 202, started.text);
  const deadline = Date.now() + 60_000;
  while ((await api(`/api/translation/${projectId}/pretranslate`, { token })).json.state === 'running') {
    assert.ok(Date.now() < deadline, 'the run ends');
    await new Promise((r) => setTimeout(r, 200));
  }
  const jobId = (await api(`/api/translation/${projectId}`, { token })).json.jobs[0].id;
  const segments = (await api(`/api/job/${jobId}`, { token })).json.segments;
  const fuzzy = segments.find((s) => s.source.includes('since 2004'));
  assert.match(fuzzy.target, /Wir bauen/, JSON.stringify(fuzzy));
  assert.equal(segments.find((s) => s.source === 'About us')?.target, 'Über uns');

  await page.goto(`/job/${jobId}`);
  await page.locator(`[data-segment-row="${fuzzy.position + 1}"]`).click();
  await page.getByRole('textbox', { name: `Target of segment ${fuzzy.position + 1}` }).waitFor();
  const matches = page.getByRole('region', { name: 'Memory matches' });
  await matches.getByText(/\d+ %/).first().waitFor();
  await matches.getByRole('button', { name: 'Insert match 1' }).waitFor();
  await shot(page, 'memory-job-matches');
  await page.mouse.move(1, 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await assertAccessible(page, 'memory-job-matches-390');
  await shot(page, 'memory-job-matches-390');
  await page.setViewportSize({ width: 1280, height: 800 });
});
