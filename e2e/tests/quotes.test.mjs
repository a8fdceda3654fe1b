// A customer's request and its quote end to end: the customer sends a WPML zip from the portal,
// the staff are told and send the quote, the customer is told, accepts it with a purchase order
// number in the browser, and the staff are told. Screens at 1280 and 390 px, each checked by axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, passwordField, shot, tokenFor, unique, until, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/review/review-script-in-source-job-201.xliff');
const customerLogin = { username: unique('requester'), password: 'e2e-requester-password' };
const title = unique('Autumn campaign');

let browser;
let page;
let token;
let projectId;

/** The kinds of `who`'s notifications about the project. */
async function notified(who) {
  const listed = await api('/api/notifications', { token: who });
  assert.equal(listed.status, 200, listed.text);
  return listed.json.filter((n) => n.subject_id === projectId).map((n) => n.kind);
}

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  const form = new FormData();
  form.append('client_name', unique('Requesting client'));
  const client = await api('/api/client', { method: 'POST', token, form });
  assert.equal(client.status, 201, client.text);
  const user = await api('/api/user', {
    method: 'POST',
    token,
    body: {
      ...customerLogin,
      email: `${customerLogin.username}@example.com`,
      first_name: 'Rita',
      last_name: 'Kundin',
      role: 'customer',
      client_ids: [client.json.id],
    },
  });
  assert.equal(user.status, 201, user.text);
});
after(async () => {
  await browser?.close();
});

test('the customer requests a translation with a WPML zip from the portal', async () => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(customerLogin.username);
  await passwordField(page).fill(customerLogin.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Request' }).click();
  await page.getByRole('heading', { name: 'Request a translation' }).waitFor();
  await page.getByLabel('Title').fill(title);
  const archive = zip([{ name: 'job-201.xliff', data: readFileSync(fixture) }]);
  await page.locator('input[type=file]').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: archive });
  await page.getByLabel('Note to the agency').fill('Please keep the product names in English.');
  await shot(page, 'portal-request-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-request-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.getByText('Request received').waitFor();

  const href = await page.getByRole('link', { name: 'Open the project' }).getAttribute('href');
  projectId = Number(href.split('/').pop());
  assert.ok(Number.isInteger(projectId), href);
  // The staff hear of it.
  assert.ok((await notified(token)).includes('request_received'));
});

test('staff send the quote; the customer accepts it with a purchase order number', async () => {
  const overview = await api(`/api/translation/${projectId}/quotes`, { token });
  assert.equal(overview.status, 200, overview.text);
  assert.equal(overview.json.request?.note, 'Please keep the product names in English.');
  const draft = overview.json.quotes.find((quote) => quote.state === 'draft');
  assert.ok(draft, 'the request made a draft quote');
  const sent = await api(`/api/translation/${projectId}/quotes/${draft.id}/send`, { method: 'POST', token, body: {} });
  assert.equal(sent.status, 200, sent.text);
  const customer = await tokenFor(customerLogin);
  assert.ok((await notified(customer)).includes('quote_sent'));

  await page.goto(`/portal/projects/${projectId}`);
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByLabel('Your name').fill('Rita Kundin');
  await page.getByLabel('Purchase order number').fill('PO-4711');
  await page.getByLabel('I accept the terms of this quote').check();
  await shot(page, 'portal-quote-accept-1280');
  await page.getByRole('button', { name: 'Accept quote' }).click();

  const accepted = await until('the quote is accepted', async () => {
    const quote = (await api(`/api/translation/${projectId}/quotes/${draft.id}`, { token })).json;
    return quote.state === 'accepted' ? quote : null;
  });
  assert.equal(accepted.po_number, 'PO-4711');
  await page.getByText('PO-4711').first().waitFor();
  await shot(page, 'portal-quote-accepted-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'portal-quote-accepted-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.ok((await notified(token)).includes('quote_accepted'));
});
