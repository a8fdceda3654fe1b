// Translators' profiles and the price that follows from them, end to end: an administrator sets a
// translator's pairs, rate, currency and availability on the user's page; staff assign a job and
// the form suggests that translator with the price at their rate before sending; the offer keeps
// that price, and the translator sees it with its basis in "My work" and their profile on their
// account screen. Each screen at 1280 and 390 px, checked by axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, baseUrl, launch, shot, signIn, tokenFor, unique, until, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/wpml/demo-translation-job-101.xliff');
const translator = { username: unique('tess'), password: 'e2e-translator-password' };

let browser;
let page;
let token;
let jobId;

/** Both widths of the current screen, photographed and checked by axe, back at 1280 after. */
async function bothWidths(name) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  const client = new FormData();
  client.append('client_name', unique('Profile client'));
  const made = await api('/api/client', { method: 'POST', token, form: client });
  assert.equal(made.status, 201, made.text);
  const project = new FormData();
  project.append('project_name', unique('Price by rate'));
  project.append('client_id', String(made.json.id));
  project.append(
    'project_files',
    new Blob([zip([{ name: 'job-101.xliff', data: readFileSync(fixture) }])], { type: 'application/zip' }),
    'export.zip',
  );
  const uploaded = await api('/api/translation', { method: 'POST', token, form: project });
  assert.equal(uploaded.status, 201, uploaded.text);
  jobId = uploaded.json.jobs[0].id;
  const user = await api('/api/user', {
    method: 'POST',
    token,
    body: {
      ...translator,
      email: `${translator.username}@example.com`,
      first_name: 'Tess',
      last_name: 'Lator',
      role: 'translator',
    },
  });
  assert.equal(user.status, 201, user.text);
});
after(async () => {
  await browser?.close();
});

test("an administrator sets the translator's profile on the user's page", async () => {
  await signIn(page);
  await page.goto(`/admin/user/${translator.username}`);
  const section = page.getByRole('region', { name: 'Translator profile' });
  await section.getByText('No pairs yet').waitFor();
  const currency = section.getByRole('textbox', { name: /^Currency/ });
  await currency.fill('gbp');
  await section.getByRole('textbox', { name: /^Default rate per weighted word/ }).fill('0.1');
  await section.getByRole('button', { name: 'Add pair' }).click();
  await section.getByLabel('Source language of pair 1').fill('English');
  await page.getByRole('option', { name: 'English (en)' }).click();
  await section.getByLabel('Target language of pair 1').fill('German');
  await page.getByRole('option', { name: 'German (de)' }).click();
  await section.getByRole('textbox', { name: /^Availability/ }).fill('Weekdays, not in August.');
  await bothWidths('translator-profile-edit');
  // With the keyboard: the save button is reached and pressed like any other.
  await section.getByRole('button', { name: 'Save profile' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText(`The translator profile of ${translator.username} was saved.`).waitFor();

  const saved = await api(`/api/user/${translator.username}/translator-profile`, { token });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.json.currency, 'GBP');
  assert.equal(saved.json.default_rate, 0.1);
  assert.deepEqual(saved.json.pairs, [{ source_lang: 'en', target_lang: 'de', rate: null }]);
});

test('assigning suggests the translator with the price at their rate, and the offer keeps it', async () => {
  const suggested = await api(`/api/job/${jobId}/translators`, { token });
  assert.equal(suggested.status, 200, suggested.text);
  const mine = suggested.json.find((s) => s.username === translator.username);
  assert.ok(mine, suggested.text);
  assert.ok(mine.amount > 0, suggested.text);
  const price = new Intl.NumberFormat('en', { style: 'currency', currency: 'GBP' }).format(mine.amount / 100);

  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const suggestions = dialog.getByRole('group', { name: 'Suggested translators' });
  await suggestions.getByText('en → de at GBP 0.10').waitFor();
  await suggestions.getByText('Weekdays, not in August.').waitFor();
  await suggestions.getByRole('button', { name: `Choose ${translator.username}` }).click();
  await dialog.getByTestId('rate-price').getByText(`Price: ${price}`, { exact: false }).waitFor();
  await dialog.getByLabel('Due').fill('2031-03-14T17:00');
  await bothWidths('assign-suggested-translator');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await page.getByText(`Offered to ${translator.username}.`).waitFor();

  const listed = await until('the offer is listed', async () => {
    const found = await api(`/api/assignments?job_id=${jobId}`, { token });
    return found.json?.find((a) => a.state === 'offered');
  });
  assert.equal(listed.currency, 'GBP');
  assert.equal(listed.rate, 0.1);
  assert.equal(listed.amount, mine.amount);
  assert.equal(listed.weighted_words, mine.weighted_words);
});

test('the translator sees the price with its basis, and their profile on the account screen', async () => {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  await signIn(page, translator);
  await page.goto('/work');
  const basis = page.getByText(/weighted words × GBP 0\.10 = £/);
  await basis.waitFor();
  await bothWidths('my-work-price-basis');

  await page.goto('/account');
  const profile = page.getByRole('region', { name: 'Translator profile' });
  await profile.getByRole('table', { name: 'Your language pairs' }).getByText('GBP 0.10').waitFor();
  const availability = profile.getByRole('textbox', { name: /^Availability/ });
  assert.equal(await availability.inputValue(), 'Weekdays, not in August.');
  await availability.fill('From 3 March, mornings.');
  await profile.getByRole('button', { name: 'Save availability' }).click();
  await page.getByText('Your availability was saved.').waitFor();
  await bothWidths('account-translator-profile');
  const own = await api('/api/account/translator-profile', { token: await tokenFor(translator) });
  assert.equal(own.json.availability, 'From 3 March, mornings.');
  assert.equal(own.json.currency, 'GBP');
});
