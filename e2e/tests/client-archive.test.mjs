// A client moved through an archive, as an administrator does it in the app: "Export archive" on
// the client's page downloads it, "Import client archive" on the clients list brings it back under
// another name, with its project and files; importing it again under the taken name is refused
// with the server's message. Photographed (and checked with axe) at 1280 and 390 pixels.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, scratchFolder, shot, signIn, tokenFor, unique, zip, zipEntryNames } from '../support.mjs';

let browser;
let page;
let token;
let clientId;
const name = unique('Archive Kunde');
const moved = `${name} (moved)`;
const archivePath = join(scratchFolder('archive'), `${name}.zip`);
const fixtures = join(import.meta.dirname, '../fixtures/wpml');

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  const client = new FormData();
  client.append('client_name', name);
  client.append('client_logo', new Blob([readFileSync(join(import.meta.dirname, '../fixtures/brand-logo.svg'))], { type: 'image/svg+xml' }), 'logo.svg');
  const created = await api('/api/client', { method: 'POST', token, form: client });
  assert.equal(created.status, 201, created.text);
  clientId = created.json.id;
  const files = ['demo-translation-job-101.xliff', 'demo-translation-job-102.xliff'].map((file) => ({
    name: file,
    data: readFileSync(join(fixtures, file)),
  }));
  const project = new FormData();
  project.append('project_name', 'Website relaunch');
  project.append('client_id', String(clientId));
  project.append('project_files', new Blob([zip(files)], { type: 'application/zip' }), 'export.zip');
  const uploaded = await api('/api/translation', { method: 'POST', token, form: project });
  assert.equal(uploaded.status, 201, uploaded.text);
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

test('Export archive downloads the client with its project and files', async () => {
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('heading', { name, exact: true }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export archive' }).click(),
  ]);
  await download.saveAs(archivePath);
  const entries = zipEntryNames(readFileSync(archivePath));
  assert.ok(entries.includes('manifest.json'), entries.join(', '));
  assert.equal(entries.filter((entry) => entry.endsWith('.xliff')).length, 2, entries.join(', '));
});

test('Import client archive brings it back under another name, and a taken name is refused', async () => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Import client archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import client archive' });
  await dialog.locator('input[type=file]').setInputFiles(archivePath);
  await dialog.getByRole('textbox', { name: 'Import under another name' }).fill(moved);
  await shot(page, 'client-archive-import');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Client imported' }).waitFor();
  assert.match(await dialog.getByRole('status').innerText(), /1 translation project \(2 files, 4 segments\)/);
  await shot(page, 'client-archive-imported');
  await dialog.getByRole('link', { name: 'Open the client' }).click();
  await page.getByRole('heading', { name: moved, exact: true }).waitFor();

  const clients = (await api('/api/client?limit=200', { token })).json;
  const copy = clients.find((client) => client.client_name === moved);
  assert.ok(copy, 'the imported client is listed');
  const projects = (await api(`/api/translation?client_id=${copy.id}`, { token })).json;
  assert.deepEqual(
    projects.map((project) => project.project_name ?? project.name),
    ['Website relaunch'],
  );

  // The same archive again, under the name that exists: the server's message, nothing stored.
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Import client archive' }).click();
    await dialog.locator('input[type=file]').setInputFiles(archivePath);
    await dialog.getByRole('textbox', { name: 'Import under another name' }).fill(moved);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'The archive was not imported' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), new RegExp(moved.replace(/[()]/g, '\\$&')));
    await shot(page, 'client-archive-refused-390');
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  const after = (await api('/api/client?limit=200', { token })).json;
  assert.equal(after.filter((client) => client.client_name === moved).length, 1);
});
