// The project list at scale: the server pages, sorts and filters it. Seeds projects through the
// API (and 10,000 more with one SQL statement into the server's SQLite file), then filters by
// client, status and name, sorts by a header, turns pages, reloads and sees the same view, at
// 1280 and 390 pixels wide.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, shot, signIn, tokenFor, unique, until, zip } from '../support.mjs';

const fixture = readFileSync(join(import.meta.dirname, '../fixtures/wpml/demo-translation-job-101.xliff'));
const SEEDED = 60;
const SCALE = 10_000;

let browser;
let page;
let token;
const alpha = unique('Lists Alpha');
const beta = unique('Lists Beta');
const scale = unique('Lists Scale');
const clientIds = {};
/** The seeded projects of `alpha`: name and status. */
const alphaProjects = [];

async function createClient(name) {
  const form = new FormData();
  form.append('client_name', name);
  const res = await api('/api/client', { method: 'POST', token, form });
  assert.equal(res.status, 201, res.text);
  return res.json.id;
}

before(async () => {
  ({ browser, page } = await launch());
  token = await tokenFor();
  for (const name of [alpha, beta, scale]) clientIds[name] = await createClient(name);
  const archive = zip([{ name: 'page.xliff', data: fixture }]);
  for (let i = 0; i < SEEDED; i += 1) {
    const client = i % 3 === 2 ? beta : alpha;
    const name = `${['Shop', 'blog', 'SHOPPING'][i % 3]} ${String(i).padStart(3, '0')}`;
    const form = new FormData();
    form.append('project_name', name);
    form.append('client_id', String(clientIds[client]));
    form.append('project_files', new Blob([archive], { type: 'application/zip' }), 'export.zip');
    const created = await api('/api/translation', { method: 'POST', token, form });
    assert.equal(created.status, 201, created.text);
    const status = i % 2 === 0 ? 'Completed' : 'Created';
    if (status !== 'Created') {
      const put = await api(`/api/translation/${created.json.id}`, { method: 'PUT', token, body: { project_status: status } });
      assert.equal(put.status, 200, put.text);
    }
    if (client === alpha) alphaProjects.push({ name, status });
  }
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

/** The titles of the rows shown. */
const titles = async () =>
  (await page.getByRole('row').locator('td a[href^="/translation/"]').allInnerTexts()).filter((t) => t !== 'Learn more');
/** The titles once they are `expected`: the URL and the header change first, and the rows
 * keep the previous answer until the next one arrives (up to 5 s). Past that, the titles shown,
 * for the caller's assertion to compare. */
const titlesBecome = async (expected) => {
  await until(`the rows are ${expected.join(', ')}`, async () => JSON.stringify(await titles()) === JSON.stringify(expected), 5_000).catch(() => {});
  return titles();
};
/** Waits until the list shows the expected range line. */
const range = (text) => page.getByRole('status').filter({ hasText: text }).waitFor();

const expectedShops = () =>
  alphaProjects
    .filter((p) => p.status === 'Completed' && p.name.toLowerCase().includes('shop'))
    .map((p) => p.name)
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));

test('filters, sorting and pages come from the server and live in the URL', async () => {
  await page.goto('/translation');
  await page.getByRole('heading', { name: 'Translation Projects' }).waitFor();
  const filters = page.getByRole('search', { name: 'Filter projects' });
  await filters.getByRole('textbox', { name: 'Search projects' }).fill('shop');
  // The search is sent after a pause in typing; pick the next filter once it is in the URL.
  await page.waitForURL((url) => url.searchParams.get('q') === 'shop');
  await filters.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: alpha }).click();
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  const expected = expectedShops();
  await range(`1–${expected.length} of ${expected.length} projects`);
  await page.waitForURL((url) => url.searchParams.get('q') === 'shop' && url.searchParams.get('status') === 'Completed');

  // Sort by title: ascending, then descending, as the header tells.
  const title = page.getByRole('columnheader', { name: /Title/ });
  await title.getByRole('button').click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'name' && url.searchParams.get('order') === 'asc');
  await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
  assert.deepEqual(await titlesBecome(expected), expected);
  await title.getByRole('button').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('order') === 'desc');
  // The URL changes first; the header and the rows follow with the next render and answer.
  await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
  assert.equal(await title.getAttribute('aria-sort'), 'descending');
  const reversed = [...expected].reverse();
  assert.deepEqual(await titlesBecome(reversed), reversed);
  await shot(page, 'translation-list-filtered');

  // A reload (or a shared link) opens the same view.
  const url = page.url();
  await page.reload();
  await range(`1–${expected.length} of ${expected.length} projects`);
  assert.equal(page.url(), url);
  assert.deepEqual(await titles(), [...expected].reverse());
  assert.equal(await filters.getByRole('textbox', { name: 'Search projects' }).inputValue(), 'shop');
  assert.equal(await filters.getByRole('combobox', { name: 'Status' }).inputValue(), 'Completed');
  assert.equal(await filters.getByRole('combobox', { name: 'Client' }).inputValue(), alpha);
});

test('pages of a long list follow one another without gaps', async () => {
  await page.goto(`/translation?client_id=${clientIds[alpha]}&sort=name`);
  const all = alphaProjects.map((p) => p.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  assert.ok(all.length > 0 && all.length <= 50, 'one page holds them');
  await range(`1–${all.length} of ${all.length} projects`);
  assert.deepEqual(await titles(), all);

  // Ten thousand more, for one client, in one statement into the server's database.
  const database = process.env.WORDMARK_E2E_DATABASE;
  assert.ok(database, 'run.mjs names the database file');
  // The other test files write through the server meanwhile: wait for their commits, as it does.
  execFileSync('sqlite3', [
    '-cmd',
    '.timeout 10000',
    database,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SCALE})
     INSERT INTO translation_projects (name, status, client_id, target_lang, author_id, date_created)
     SELECT printf('Scale %05d', i),
            CASE i % 5 WHEN 0 THEN 'Created' WHEN 1 THEN 'Pretranslated' WHEN 2 THEN 'Translations_In_Correction'
                       WHEN 3 THEN 'Translations_Corrected' ELSE 'Completed' END,
            ${clientIds[scale]}, 'de', NULL, (SELECT MIN(date_created) FROM translation_projects)
     FROM n;`,
  ]);
  await page.goto(`/translation?client_id=${clientIds[scale]}&status=Completed&sort=name&order=desc&page=3`);
  await range(`101–150 of ${(SCALE / 5).toLocaleString('en-US')} projects`);
  const names = await titles();
  // Every fifth is Completed (i % 5 = 4): 9999, 9994, … from the top; page 3 starts at the 101st.
  assert.equal(names[0], `Scale ${String(SCALE - 1 - 100 * 5).padStart(5, '0')}`);
  assert.equal(names.length, 50);
  await page.getByRole('button', { name: 'Page 4', exact: true }).click();
  await range(`151–200 of ${(SCALE / 5).toLocaleString('en-US')} projects`);
  // The range line follows the URL; the rows follow the next answer.
  const first = `Scale ${String(SCALE - 1 - 150 * 5).padStart(5, '0')}`;
  await page.getByRole('link', { name: first, exact: true }).waitFor();
  assert.equal((await titles())[0], first);
  await shot(page, 'translation-list-10000');
});

test('the filtered list at 390 pixels wide', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`/translation?q=shop&client_id=${clientIds[alpha]}&status=Completed&sort=name`);
    await range(`1–${expectedShops().length} of ${expectedShops().length} projects`);
    assert.deepEqual(await titles(), expectedShops());
    await shot(page, 'translation-list-filtered-390');
    // The ten thousand of the test before, filtered the same way as there.
    await page.goto(`/translation?client_id=${clientIds[scale]}&status=Completed&sort=name&order=desc&page=3`);
    await range(`101–150 of ${(SCALE / 5).toLocaleString('en-US')} projects`);
    assert.equal((await titles())[0], `Scale ${String(SCALE - 1 - 100 * 5).padStart(5, '0')}`);
    await shot(page, 'translation-list-10000-390');
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
