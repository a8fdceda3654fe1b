// A customer's whole journey in one browser run, as two people live it: an administrator invites
// the customer by e-mail; the customer sets a password from the mail's link, signs in, sees only
// their client and requests a translation; the staff hear of it from the bell and send the
// quote from the project's Quote tab; the customer accepts it with a purchase order number; the
// staff pre-translate; the customer reviews signed in and approves a segment; the staff
// complete the project; the customer hears of that (in the app and by mail, linked to the
// portal) and downloads the delivery, with the keyboard alone. Screens at 1280 and 390 px, each
// checked by axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  api,
  baseUrl,
  launch,
  linkInMail,
  passwordField,
  shot,
  signIn,
  tokenFor,
  unique,
  until,
  zip,
  zipEntryNames,
} from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/review/review-script-in-source-job-201.xliff');
const username = unique('journey');
const email = `${username}@example.com`;
const password = 'e2e-journey-password';
const title = unique('Winter shop');
const clientName = unique('Journey client');

let browser;
let staff;
let customer;
let projectId;

before(async () => {
  ({ browser, page: staff } = await launch());
  const form = new FormData();
  form.append('client_name', clientName);
  const created = await api('/api/client', { method: 'POST', token: await tokenFor(), form });
  assert.equal(created.status, 201, created.text);
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  customer = await context.newPage();
});
after(async () => {
  await browser?.close();
});

/**
 * Presses Tab until the focused element's accessible name (its label, else its text) matches
 * `name`, checking that every stop on the way shows where the focus is; returns the name.
 */
async function tabTo(page, name, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (element === null || element === document.body) return null;
      const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
      // Shown: the browser marks the focus visible and the app draws it: an outline or a ring,
      // or (text fields) a border in another colour than without the focus. Transitions off, so
      // that the colours read are the ones drawn, not a step of the fade between them.
      if (document.getElementById('e2e-no-transitions') === null) {
        const style = document.createElement('style');
        style.id = 'e2e-no-transitions';
        style.textContent = '*, *::before, *::after { transition: none !important; }';
        document.head.append(style);
      }
      const look = () => {
        const style = getComputedStyle(element);
        return { outline: style.outlineStyle, ring: style.boxShadow, border: style.borderColor };
      };
      const focused = look();
      const visible = element.matches(':focus-visible');
      element.blur();
      const plain = look();
      element.focus({ focusVisible: true });
      const drawn = focused.outline !== 'none' || focused.ring !== 'none' || focused.border !== plain.border;
      return { name: label.trim(), visible: visible && drawn };
    });
    if (focused === null) continue;
    assert.ok(focused.visible, `the focus on "${focused.name}" is not shown`);
    if (name.test(focused.name)) return focused.name;
  }
  throw new Error(`${limit} presses of Tab never reached ${name}`);
}

test('an administrator invites a customer, who sets a password from the mail and signs in', async () => {
  await signIn(staff);
  await staff.goto('/admin');
  await staff.getByRole('button', { name: 'Invite', exact: true }).click();
  const modal = staff.getByRole('dialog', { name: 'Invite by e-mail' });
  await modal.getByLabel('Email').fill(email);
  await modal.getByLabel('First name').fill('Jana');
  await modal.getByLabel('Last name').fill('Kundin');
  const clients = modal.getByRole('textbox', { name: 'Clients' }).or(modal.getByRole('combobox', { name: 'Clients' })).first();
  await clients.click();
  await clients.fill(clientName);
  await staff.getByRole('option', { name: clientName }).click();
  // The choice stays open for more clients: leaving the field closes it.
  await clients.press('Tab');
  await modal.getByRole('button', { name: 'Send Invitation' }).click();
  await modal.waitFor({ state: 'detached' });

  const invitation = await linkInMail(email, 'invites you to Wordmark');
  assert.match(invitation, /^\/invite\/[0-9a-f]+$/);
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(invitation);
  await customer.getByText('invites Jana Kundin').waitFor();
  await customer.getByLabel('Username').fill(username);
  await passwordField(customer, 'New password').fill(password);
  await passwordField(customer, 'Repeat the password').fill(password);
  await shot(customer, 'journey-invitation-390');
  await customer.getByRole('button', { name: 'Create Account' }).click();
  await customer.getByText(`Your account is ready. Log in as ${username}.`).waitFor();
  await customer.getByRole('link', { name: 'Log in' }).click();
  await customer.getByLabel('Username').fill(username);
  await passwordField(customer).fill(password);
  await customer.getByRole('button', { name: 'Log In' }).click();
  await customer.getByRole('navigation', { name: 'Portal' }).waitFor();
  await customer.getByText(clientName).first().waitFor();
  await customer.setViewportSize({ width: 1280, height: 800 });
});

test('the customer requests a translation; the staff hear of it and send the quote', async () => {
  await customer.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Request' }).click();
  await customer.getByLabel('Title').fill(title);
  const archive = zip([{ name: 'job-201.xliff', data: readFileSync(fixture) }]);
  await customer.locator('input[type=file]').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: archive });
  await customer.getByRole('button', { name: 'Send request' }).click();
  await customer.getByText('Request received').waitFor();
  const href = await customer.getByRole('link', { name: 'Open the project' }).getAttribute('href');
  projectId = Number(href.split('/').pop());
  assert.ok(Number.isInteger(projectId), href);

  // The staff find it under the bell and follow the notification to the project.
  await staff.goto('/');
  await staff.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await staff.getByRole('link', { name: new RegExp(`requested a translation: "${title}"`) }).click();
  await staff.waitForURL(`**/translation/${projectId}`);
  await staff.getByRole('heading', { name: title }).waitFor();

  // The quote: the request's draft, sent from the Quote tab.
  await staff.getByRole('tab', { name: 'Quote' }).click();
  await staff.getByRole('button', { name: 'Save and send' }).click();
  await staff.getByRole('region', { name: 'Quote version 1' }).getByRole('rowheader', { name: 'Sent' }).waitFor();
  await shot(staff, 'journey-quote-sent-1280');
  await staff.setViewportSize({ width: 390, height: 844 });
  await shot(staff, 'journey-quote-sent-390');
  await staff.setViewportSize({ width: 1280, height: 800 });
});

test('the customer accepts the quote with a purchase order number; the staff pre-translate', async () => {
  await customer.goto(`/portal/projects/${projectId}`);
  await customer.getByRole('heading', { name: title }).waitFor();
  await customer.getByRole('button', { name: 'Accept' }).click();
  await customer.getByLabel('Your name').fill('Jana Kundin');
  await customer.getByLabel('Purchase order number').fill('PO-2026-11');
  await customer.getByLabel('I accept the terms of this quote').check();
  await customer.getByRole('button', { name: 'Accept quote' }).click();
  await customer.getByText('PO-2026-11').first().waitFor();

  await staff.reload();
  await staff.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await staff.getByRole('link', { name: new RegExp(`accepted quote 1 for "${title}"`) }).waitFor();
  await staff.keyboard.press('Escape');
  await staff.getByRole('tab', { name: 'Project Management' }).click();
  await staff.getByRole('button', { name: 'Begin Translation' }).click();
  await staff.getByText('Translation complete.').waitFor({ timeout: 60_000 });
});

test('the customer reviews signed in and approves a segment; the staff complete the project', async () => {
  await customer.goto(`/portal/projects/${projectId}`);
  await customer.getByRole('button', { name: `Open review of ${title}` }).click();
  // The portal's project page has the same heading and a link to the same page: wait for the
  // review itself (the button first asks the server for the customer's own link).
  await customer.waitForURL('**/review/**');
  await customer.getByRole('heading', { name: title }).waitFor();
  await customer.getByRole('link', { name: /job-201/ }).first().click();
  const field = customer.locator('[data-segment-field]');
  await field.waitFor();
  await field.focus();
  await customer.keyboard.press('Control+Enter');
  await customer.getByText('Approved', { exact: true }).first().waitFor();
  await shot(customer, 'journey-review-1280');

  await staff.getByRole('button', { name: 'Edit', exact: true }).click();
  const modal = staff.getByRole('dialog', { name: `Edit ${title}` });
  await modal.getByRole('combobox', { name: 'Status' }).click();
  await staff.getByRole('option', { name: 'Completed' }).click();
  await modal.getByRole('button', { name: 'Save' }).click();
  await staff.getByText('Project updated').first().waitFor();
  const token = await tokenFor();
  await until('the project is completed', async () => (await api(`/api/translation/${projectId}`, { token })).json.status === 'Completed');
});

test('the customer is told, follows the notification and downloads the delivery with the keyboard alone', async () => {
  // By mail too, linked to the portal (a staff screen would be the 404 page for them).
  assert.equal(await linkInMail(email, 'is completed'), `/portal/projects/${projectId}`);

  await customer.goto('/portal');
  await customer.getByRole('navigation', { name: 'Portal' }).waitFor();
  // Unread: the quote sent to them and the completed project. Tabbing starts once the bell has
  // its count (it is asked for beside the page's own data).
  await customer.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
  await tabTo(customer, /^Notifications, 2 unread$/);
  await customer.keyboard.press('Enter');
  await tabTo(customer, new RegExp(`"${title}" is completed`));
  await customer.keyboard.press('Enter');
  await customer.waitForURL(`**/portal/projects/${projectId}`);
  await customer.getByRole('heading', { name: title }).waitFor();
  await shot(customer, 'journey-delivered-1280');

  const download = customer.waitForEvent('download');
  await tabTo(customer, new RegExp(`^Download the delivery of ${title}$`));
  await customer.keyboard.press('Enter');
  const delivered = await download;
  const path = await delivered.path();
  const names = zipEntryNames(readFileSync(path));
  assert.ok(names.some((name) => name.endsWith('job-201.xliff')), names.join(', '));

  await customer.setViewportSize({ width: 390, height: 844 });
  await shot(customer, 'journey-delivered-390');
  // The sections by keyboard on a phone as well.
  await customer.goto('/portal');
  // Tabbing starts once the portal is drawn: presses before that only reach the empty page.
  await customer.getByRole('link', { name: 'Deliveries' }).waitFor();
  await tabTo(customer, /^Deliveries$/);
  await customer.keyboard.press('Enter');
  await customer.waitForURL('**/portal/deliveries');
  await customer.getByRole('link', { name: title }).waitFor();
  await customer.setViewportSize({ width: 1280, height: 800 });
});
