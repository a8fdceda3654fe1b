// Clients, end to end: create with an SVG logo (sanitised), list, detail, edit keeping the logo, delete.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, shot, signIn, tokenFor, unique } from '../support.mjs';

let browser;
let page;
const name = unique('Müller & Co');
const renamed = `${name} GmbH`;

before(async () => {
  ({ browser, page } = await launch());
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

test('an SVG logo is uploaded, sanitised and shown in the list and the detail', async () => {
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const modal = page.getByRole('dialog', { name: 'Create a new client' });
  await modal.getByLabel('Name').fill(name);
  await modal.locator('input[type=file]').setInputFiles(join(import.meta.dirname, '../fixtures/logo-with-script.svg'));
  await modal.locator('img').first().waitFor();
  await modal.getByRole('button', { name: 'Create Client' }).click();
  await page.getByText('Client successfully created').waitFor();
  await modal.waitFor({ state: 'detached' });

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('img', { name: `${name} logo` }).waitFor();
  await shot(page, 'clients-list');

  // The stored logo lost its script and event handler; the page never ran it.
  const token = await tokenFor();
  const clients = await api('/api/client', { token });
  const saved = clients.json.find((c) => c.client_name === name);
  assert.ok(saved, 'the client is listed by the API');
  assert.doesNotMatch(saved.client_logo, /script|onload/i);
  assert.match(saved.client_logo, /Müller &amp; Co/);
  assert.equal(await page.evaluate(() => window.__svgScriptRan ?? false), false);

  await row.getByRole('link', { name: 'Learn more' }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
  await page.getByRole('img', { name: `${name} logo` }).waitFor();
  await page.getByText(String(saved.id), { exact: true }).waitFor();
  await shot(page, 'client-detail');
});

test('editing the name keeps the logo', async () => {
  const token = await tokenFor();
  const before = (await api('/api/client', { token })).json.find((c) => c.client_name === name);
  await page.getByRole('button', { name: 'Edit Client' }).click();
  const modal = page.getByRole('dialog', { name: `Edit ${name}` });
  await modal.getByText('Leave empty to keep current logo').waitFor();
  await modal.getByLabel('Name').fill(renamed);
  await modal.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Client updated').waitFor();
  await page.getByRole('heading', { name: renamed, exact: true }).waitFor();
  const after = (await api(`/api/client/${before.id}`, { token })).json;
  assert.equal(after.client_name, renamed);
  assert.equal(after.client_logo, before.client_logo);
});

test('deleting asks for confirmation and removes the client', async () => {
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog').filter({
    hasText:
      'Are you sure you want to delete this client? This will also delete all rebranding and translation projects associated with this client.',
  });
  await confirm.getByRole('button', { name: 'Delete Client' }).click();
  await page.waitForURL('**/clients');
  await page.getByRole('row').filter({ hasText: renamed }).waitFor({ state: 'detached' });
  const token = await tokenFor();
  const clients = await api('/api/client', { token });
  assert.equal(clients.json.filter((c) => c.client_name === renamed).length, 0);
});
