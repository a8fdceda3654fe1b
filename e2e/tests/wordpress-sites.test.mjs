// A client's WordPress site end to end: a real WordPress with the Wordmark Connector (Debian's
// package on PHP's built-in server and MariaDB, connectors/wordpress/test-site/start.sh, WPML's
// part played by the stand-in of its documented hooks). Staff add the site with a mistyped
// password (the form refuses it before sending), test the connection, read the content, filter
// it by state, and see a translated page become "Source changed" after the page is edited on
// the site. At 1280 and 390 px, with axe on every screen photographed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, shot, signIn, tokenFor, unique } from '../support.mjs';

const scripts = join(import.meta.dirname, '../../connectors/wordpress/test-site');
const ip = `127.42.${process.pid % 250}.10`;
const port = '8393';
const db = `wordmark_e2e_${process.pid}`;

let browser;
let page;
let token;
let clientId;
let wp;
const clientName = unique('Site Client');

async function plugin(route, init = {}) {
  const auth = Buffer.from(`editor:${wp.users.editor.application_password}`).toString('base64');
  const res = await fetch(`${wp.url}/wp-json${route}`, { ...init, headers: { Authorization: `Basic ${auth}`, ...init.headers } });
  return { status: res.status, json: await res.json() };
}

before(async () => {
  wp = JSON.parse(execFileSync(join(scripts, 'start.sh'), [ip, port, db, 'wpml'], { encoding: 'utf8' }));
  ({ browser, page } = await launch());
  token = await tokenFor();
  const form = new FormData();
  form.append('client_name', clientName);
  const client = await api('/api/client', { method: 'POST', token, form });
  assert.equal(client.status, 201, client.text);
  clientId = client.json.id;
  await signIn(page);
});
after(async () => {
  await browser?.close();
  execFileSync(join(scripts, 'stop.sh'), [ip, port, db]);
});

test('a site is added, tested and its content read, at 1280 and 390 px', async () => {
  await page.goto(`/clients/${clientId}`);
  await page.getByRole('tab', { name: 'Sites' }).click();
  await page.getByText(/No WordPress sites yet/).waitFor();
  await page.getByRole('button', { name: 'Add site' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a WordPress site' });
  await modal.getByRole('textbox', { name: 'Name' }).fill('Main site');
  await modal.getByRole('textbox', { name: /Site address/ }).fill(wp.url);
  await modal.getByRole('textbox', { name: /WordPress user/ }).fill('editor');
  await modal.getByLabel(/Application password/).fill('not the password');
  await modal.getByRole('button', { name: 'Add and test connection' }).click();
  await modal.getByText(/24 letters and digits/).waitFor();
  await modal.getByLabel(/Application password/).fill(wp.users.editor.application_password);
  await modal.getByRole('button', { name: 'Add and test connection' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByText('Connected').waitFor();
  await page.getByText(/WPML · en → de, fr/).waitFor();
  await shot(page, 'sites-client-tab-1280');

  await page.getByRole('link', { name: 'Content' }).click();
  await page.getByRole('heading', { name: 'Main site' }).waitFor();
  await page.getByRole('button', { name: 'Read content from the site' }).click();
  const read = await page.getByRole('status').filter({ hasText: /^Read \d+ items/ }).innerText();
  const total = (await plugin('/wordmark/v1/content?per_page=1')).json.total;
  assert.match(read, new RegExp(`^Read ${total} items from the site; ${total} new or changed`));
  await page.getByText(`1–${Math.min(total, 50)} of ${total} items`).waitFor();
  await shot(page, 'sites-content-1280');

  // Translated through the plugin, then the page edited on the site: "Source changed".
  const about = wp.content.about;
  const job = await plugin(`/wordmark/v1/content/${about}/xliff?lang=de`);
  const put = await plugin(`/wordmark/v1/content/${about}/translations/de`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/xml' },
    body: job.json.xliff,
  });
  assert.equal(put.status, 201);
  const edited = await plugin(`/wp/v2/pages/${about}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'About our agency' }),
  });
  assert.equal(edited.status, 200);
  await page.getByRole('button', { name: 'Read content from the site' }).click();
  await page.getByRole('status').filter({ hasText: /1 new or changed/ }).waitFor();
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Source changed' }).click();
  await page.getByText('1–1 of 1 items').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'About our agency' });
  await row.getByText('de: Source changed').waitFor();
  await row.getByText('fr: Not translated').waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sites-content-390');
  await page.goto(`/clients/${clientId}?tab=sites`);
  await page.getByText('Connected').waitFor();
  await shot(page, 'sites-client-tab-390');
  await page.setViewportSize({ width: 1280, height: 800 });
});
