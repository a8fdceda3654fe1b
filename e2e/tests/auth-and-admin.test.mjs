// Foundation, end to end: sign-in, the shell, administration of users, guards and the 401 sign-out.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, api, launch, shot, signIn, tokenFor, unique } from '../support.mjs';

let browser;
let context;
let page;

before(async () => {
  ({ browser, context, page } = await launch());
});
after(async () => {
  await browser?.close();
});

test('a wrong password shows the warning and clears the password', async () => {
  await page.goto('/');
  await page.waitForURL('**/login');
  await shot(page, 'sign-in');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText('Username or password incorrect.').waitFor();
  assert.equal(await page.getByLabel('Password').inputValue(), '');
});

test('signing in greets the user and shows the sidebar with Administration for an admin', async () => {
  await signIn(page);
  await page.getByText('Howdy, ').waitFor();
  for (const item of ['Dashboard', 'Clients', 'Translation', 'Rebranding', 'Account', 'Administration']) {
    assert.ok(await page.getByRole('link', { name: item, exact: true }).count(), `sidebar has ${item}`);
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('loggedUser') ?? 'null'));
  assert.equal(stored.user_object.username, ADMIN.username);
  assert.ok(stored.token.length >= 32);
  await page.getByText('Translation Projects').first().waitFor();
  await shot(page, 'dashboard');
});

test('an admin adds a user, who signs in and is refused on /admin; the admin deletes them', async () => {
  const username = unique('editor');
  const password = 'editor-password-1';
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).waitFor();
  await page.getByRole('button', { name: 'Add User' }).click();
  const modal = page.getByRole('dialog', { name: 'Add new user' });
  await modal.getByLabel('First name').fill('Erika');
  await modal.getByLabel('Last name').fill('Editor');
  await modal.getByLabel('Username').fill(username);
  await modal.getByLabel('Email').fill(`${username}@example.com`);
  await modal.getByRole('textbox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'editor' }).click();
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByLabel('Confirm password').fill('something-else');
  await modal.getByRole('button', { name: /Create|Add|Save/ }).click();
  await page.getByText('Passwords do not match').waitFor();
  await modal.getByLabel('Confirm password').fill(password);
  await modal.getByRole('button', { name: /Create|Add|Save/ }).click();
  await page.getByText('User successfully created').waitFor();
  await page.getByRole('cell', { name: username }).waitFor();
  await shot(page, 'administration');

  // The new user signs in in a second browser context and is refused on /admin.
  const other = await browser.newContext({ baseURL: context._options.baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, { username, password });
  await otherPage.getByText('Howdy, Erika Editor!').waitFor();
  assert.equal(await otherPage.getByRole('link', { name: 'Administration' }).count(), 0);
  await otherPage.goto('/admin');
  await otherPage.getByText('You are not authorized to be here...').waitFor();
  await other.close();

  // Deleting oneself is refused with the spec's warning; deleting the new user works.
  page.once('dialog', (d) => d.accept());
  const selfRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: ADMIN.username, exact: true }) });
  await selfRow.getByRole('button', { name: /Delete/ }).click();
  await page.getByText('WARNING: You are trying to delete the user you are logged in with. That is not possible.').waitFor();
  await page.keyboard.press('Escape');

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username }) });
  await row.getByRole('button', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: /delete/i });
  await confirm.getByRole('button', { name: /Delete|Confirm|Yes/ }).click();
  await page.getByRole('cell', { name: username }).waitFor({ state: 'detached' });
  const token = await tokenFor();
  const gone = await api(`/api/user/${username}`, { token });
  assert.equal(gone.status, 404);
});

test('any 401 from the API signs the user out', async () => {
  await page.goto('/');
  await page.getByText('Howdy, ').waitFor();
  // Revoke the browser's token behind its back, then navigate: the next API call answers 401.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('loggedUser')).token);
  const res = await api('/auth/logout', { method: 'POST', token });
  assert.ok(res.status < 300, `logout answered ${res.status}`);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await page.waitForURL('**/login');
  assert.equal(await page.evaluate(() => localStorage.getItem('loggedUser')), null);
});
