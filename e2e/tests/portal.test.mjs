// The customer portal end to end: a customer signs in and gets the portal (their client's
// projects only, no staff navigation; a staff screen is the 404 page), opens their project's
// review signed in (no link by e-mail; the address alone opens nothing without the session),
// and downloads a completed project's delivery. Screens at 1280 and 390 px, each checked by axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, baseUrl, launch, passwordField, shot, tokenFor, unique, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/review/review-script-in-source-job-201.xliff');
const fileName = 'review-script-in-source-job-201.xliff';
const customerLogin = { username: unique('customer'), password: 'e2e-customer-password' };
const inReview = unique('Spring site');
const delivered = unique('Shop');
const othersProject = unique('Not yours');

let browser;
let page;
let token;
let clientName;

async function createClient(name, withLogo) {
  const form = new FormData();
  form.append('client_name', name);
  if (withLogo) {
    const logo = readFileSync(join(import.meta.dirname, '../fixtures/brand-logo.svg'));
    form.append('client_logo', new Blob([logo], { type: 'image/svg+xml' }), 'logo.svg');
  }
  const created = await api('/api/client', { method: 'POST', token, form });
  assert.equal(created.status, 201, created.text);
  return created.json.id;
}

/** A pre-translated project of `clientId` (the pseudo provider), moved on to `status`. */
async function project(name, clientId, status) {
  const form = new FormData();
  form.append('project_name', name);
  form.append('client_id', String(clientId));
  form.append('project_files', new Blob([zip([{ name: fileName, data: readFileSync(fixture) }])], { type: 'application/zip' }), 'export.zip');
  const uploaded = await api('/api/translation', { method: 'POST', token, form });
  assert.equal(uploaded.status, 201, uploaded.text);
  const id = uploaded.json.id;
  const run = await api(`/api/translation/${id}/pretranslate`, { method: 'POST', token, body: {} });
  assert.ok(run.status < 300, run.text);
  const deadline = Date.now() + 60_000;
  let detail;
  do {
    await new Promise((r) => setTimeout(r, 300));
    detail = (await api(`/api/translation/${id}`, { token })).json;
  } while (detail.status !== 'Pretranslated' && Date.now() < deadline);
  assert.equal(detail.status, 'Pretranslated');
  if (status !== 'Pretranslated') {
    const moved = await api(`/api/translation/${id}`, { method: 'PUT', token, body: { status } });
    assert.equal(moved.status, 200, moved.text);
  }
  return id;
}

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  clientName = unique('Customer client');
  const own = await createClient(clientName, true);
  const other = await createClient(unique('Other client'), false);
  await project(inReview, own, 'Pretranslated');
  await project(delivered, own, 'Completed');
  await project(othersProject, other, 'Completed');
  const user = await api('/api/user', {
    method: 'POST',
    token,
    body: {
      ...customerLogin,
      email: `${customerLogin.username}@example.com`,
      first_name: 'Carla',
      last_name: 'Kunde',
      role: 'customer',
      client_ids: [own],
    },
  });
  assert.equal(user.status, 201, user.text);
});
after(async () => {
  await browser?.close();
});

test('a customer signs in to the portal and sees only their client’s projects', async () => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(customerLogin.username);
  await passwordField(page).fill(customerLogin.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('navigation', { name: 'Portal' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/portal');
  await page.getByRole('link', { name: inReview }).waitFor();
  await page.getByRole('link', { name: delivered }).waitFor();
  assert.equal(await page.getByText(othersProject).count(), 0);
  assert.equal(await page.getByRole('link', { name: 'Clients' }).count(), 0);
  await page.getByText(clientName).waitFor();
  await page.locator('header img').waitFor();
  await shot(page, 'portal-projects-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-projects-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/clients');
  await page.getByText('Page not found').waitFor();
});

test('the project page shows the status timeline', async () => {
  await page.goto('/portal');
  await page.getByRole('link', { name: delivered }).click();
  await page.getByRole('heading', { name: delivered }).waitFor();
  await page.getByText('Completed (now)').waitFor();
  await shot(page, 'portal-project-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-project-390');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the customer opens their review signed in; its address alone opens nothing', async () => {
  await page.goto('/portal/reviews');
  await page.getByRole('button', { name: `Open review of ${inReview}` }).click();
  await page.getByRole('heading', { name: inReview }).waitFor();
  const reviewPath = new URL(page.url()).pathname;
  assert.match(reviewPath, /^\/review\/[0-9a-f]+$/);
  await shot(page, 'portal-review-1280');

  const anonymous = await fetch(`${baseUrl()}/api${reviewPath}`);
  assert.equal(anonymous.status, 401);
  const stranger = await browser.newContext({ baseURL: baseUrl() });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(reviewPath);
  await strangerPage.getByText('This review is personal').first().waitFor();
  await stranger.close();
});

test('the customer downloads the delivery of a completed project', async () => {
  await page.goto('/portal/deliveries');
  await page.getByRole('link', { name: delivered }).waitFor();
  assert.equal(await page.getByText(othersProject).count(), 0);
  await shot(page, 'portal-deliveries-1280');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download the delivery of ${delivered}` }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `${delivered}-xliff.zip`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-deliveries-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  const audit = await api('/api/audit?action=delivery_downloaded', { token });
  assert.equal(audit.status, 200);
  assert.ok(audit.json.some((event) => event.username === customerLogin.username && event.target_label === delivered));
});
