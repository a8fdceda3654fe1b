// From a WordPress site to its translated pages and back, end to end against a real WordPress
// with the Wordmark Connector (connectors/wordpress/test-site/start.sh, WPML's part played by
// the stand-in of its documented hooks): an administrator adds the site, tests it, reads its
// content, picks three pages, creates the project, pre-translates it (the pseudo provider,
// run.mjs) and publishes it; the translated page opens on the WordPress site. A customer of the
// client requests pages of the site from the portal, and the staff see the request on the
// site's page. At 1280 and 390 px, with axe on every screen photographed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, baseUrl, launch, passwordField, shot, signIn, tokenFor, unique } from '../support.mjs';

const scripts = join(import.meta.dirname, '../../connectors/wordpress/test-site');
// Apart from wordpress-sites.test.mjs's site: the files may run at the same time.
const ip = `127.43.${process.pid % 250}.10`;
const port = '8394';
const db = `wordmark_e2e_publish_${process.pid}`;
const customerLogin = { username: unique('site-customer'), password: 'e2e-customer-password' };

let browser;
let page;
let token;
let clientId;
let siteId;
let wp;
const clientName = unique('Publish Client');

before(async () => {
  wp = JSON.parse(execFileSync(join(scripts, 'start.sh'), [ip, port, db, 'wpml'], { encoding: 'utf8' }));
  ({ browser, page } = await launch());
  token = await tokenFor();
  const form = new FormData();
  form.append('client_name', clientName);
  const client = await api('/api/client', { method: 'POST', token, form });
  assert.equal(client.status, 201, client.text);
  clientId = client.json.id;
  const user = await api('/api/user', {
    method: 'POST',
    token,
    body: {
      ...customerLogin,
      email: `${customerLogin.username}@example.com`,
      first_name: 'Sina',
      last_name: 'Seite',
      role: 'customer',
      client_ids: [clientId],
    },
  });
  assert.equal(user.status, 201, user.text);
  await signIn(page);
});
after(async () => {
  await browser?.close();
  execFileSync(join(scripts, 'stop.sh'), [ip, port, db]);
});

test('an administrator publishes three pages of a site translated, and the translation opens on WordPress', async () => {
  await page.goto(`/clients/${clientId}?tab=sites`);
  await page.getByRole('button', { name: 'Add site' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a WordPress site' });
  await modal.getByRole('textbox', { name: 'Name' }).fill('Shop site');
  await modal.getByRole('textbox', { name: /Site address/ }).fill(wp.url);
  await modal.getByRole('textbox', { name: /WordPress user/ }).fill('editor');
  await modal.getByLabel(/Application password/).fill(wp.users.editor.application_password);
  await modal.getByRole('button', { name: 'Add and test connection' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByText('Connected').waitFor();

  await page.getByRole('link', { name: 'Content' }).click();
  await page.getByRole('heading', { name: 'Shop site' }).waitFor();
  siteId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: 'Read content from the site' }).click();
  await page.getByRole('status').filter({ hasText: /^Read \d+ items/ }).waitFor();

  await page.getByRole('textbox', { name: 'Project name' }).fill('Shop pages');
  for (const title of ['About us', 'Our team', 'A classic post']) {
    await page.getByRole('checkbox', { name: `Pick ${title}` }).check();
  }
  await page.getByText('3 items picked').waitFor();
  await page.getByLabel('Target languages', { exact: true }).first().click();
  await page.getByRole('option', { name: 'de' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'site-pick-pages-1280');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/translation\/\d+/);
  const projectId = Number(new URL(page.url()).pathname.split('/').pop());

  await page.getByRole('tab', { name: 'Project Management' }).click();
  await page.getByRole('button', { name: 'Begin Translation' }).click();
  await page.getByText('Translation complete.').waitFor({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'WordPress' }).click();
  // The segmented control's radio is hidden under its label.
  await page.locator('label').filter({ hasText: /^Published$/ }).click();
  await page.getByRole('button', { name: 'Publish to WordPress' }).click();
  await page.getByRole('status').filter({ hasText: /^Finished \(published\): 3 of 3 jobs/ }).waitFor({ timeout: 60_000 });
  await shot(page, 'site-published-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'site-published-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The translated "About us" as a visitor of the site sees it.
  const publishing = await api(`/api/translation/${projectId}/publish`, { token });
  const about = publishing.json.run.jobs.find((job) => job.item_id === wp.content.about);
  assert.equal(about.state, 'published');
  await page.goto(`${wp.url}/?page_id=${about.post_id}`);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  assert.match(title, /^\[!! .+ !!\]$/);
  assert.notEqual(title, 'About us');
  // The body's blocks came back translated too (the pseudo provider's markers).
  const text = await page.locator('article').innerText();
  assert.ok((text.match(/\[!! /g) ?? []).length >= 3, text);
  await page.goto(baseUrl());
});

test('a customer requests pages of their site from the portal, and the staff see the request', async () => {
  assert.ok(siteId, 'the site of the first test');
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const customer = await context.newPage();
  await customer.goto('/login');
  await customer.getByLabel('Username').fill(customerLogin.username);
  await passwordField(customer).fill(customerLogin.password);
  await customer.getByRole('button', { name: 'Log In' }).click();
  await customer.waitForURL('**/portal');

  await customer.getByRole('link', { name: 'Request', exact: true }).first().click();
  await customer.getByRole('link', { name: /Pick its pages instead/ }).click();
  await customer.getByRole('heading', { name: 'Request pages of your site' }).waitFor();
  // The only client and its only site are chosen; the states are shown, the password is not.
  await customer.getByRole('checkbox', { name: 'Pick Our team' }).waitFor();
  await customer.getByText('fr: Not translated').first().waitFor();
  assert.equal(await customer.getByText(wp.users.editor.application_password.slice(-4)).count(), 0);
  await customer.getByRole('checkbox', { name: 'Pick Our team' }).check();
  await customer.getByRole('checkbox', { name: 'Pick Article 1: translating websites' }).check();
  await customer.getByLabel(/^Target languages/).first().click();
  await customer.getByRole('option', { name: 'fr' }).click();
  await customer.keyboard.press('Escape');
  await customer.getByRole('textbox', { name: 'Title', exact: true }).fill('Team page in French');
  await customer.getByRole('textbox', { name: /Note to the agency/ }).fill('Before the fair, please.');
  await shot(customer, 'portal-site-request-1280');
  await customer.getByRole('button', { name: 'Send request' }).click();
  await customer.getByRole('status').filter({ hasText: '“Team page in French” is with the agency' }).waitFor();
  await customer.setViewportSize({ width: 390, height: 844 });
  await shot(customer, 'portal-site-request-sent-390');
  // Until the agency makes its project, the request waits on the customer's projects page.
  await customer.getByRole('link', { name: 'Projects', exact: true }).first().click();
  const waiting = customer.getByRole('article', { name: 'Request “Team page in French”' });
  await waiting.getByText('Waiting for its quote').waitFor();
  await waiting.getByText('Our team').waitFor();
  await shot(customer, 'portal-waiting-request-390');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await shot(customer, 'portal-waiting-request-1280');
  await context.close();

  await page.goto(`/sites/${siteId}`);
  const request = page.getByRole('article', { name: 'Request “Team page in French”' });
  await request.getByText('Waiting for its project').waitFor();
  await request.getByText('Our team').waitFor();
  await request.getByText('Before the fair, please.').waitFor();
  await shot(page, 'site-requests-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'site-requests-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await request.getByRole('button', { name: 'Create project and quote' }).click();
  await page.waitForURL(/\/translation\/\d+/);
  await page.getByRole('heading', { name: 'Team page in French' }).waitFor();
});
