// The screens the workflow tests do not photograph, each checked with axe-core by `shot`: the
// lost-password page, the sign-in page on a phone, the account page, a user's page, the
// not-found page, and the audit log on a desktop and a phone.
import { after, before, test } from 'node:test';
import { ADMIN, launch, shot, signIn } from '../support.mjs';

let browser;
let page;

before(async () => {
  ({ browser, page } = await launch());
});
after(async () => {
  await browser?.close();
});

test('the signed-out screens are readable, on a phone too', async () => {
  await page.goto('/login/lost-password');
  await page.getByRole('button', { name: 'Send Instructions' }).waitFor();
  await shot(page, 'lost-password');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  await shot(page, 'sign-in-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the account, user and not-found screens are readable', async () => {
  await signIn(page);
  await page.goto('/account');
  await page.getByRole('textbox', { name: 'First name' }).waitFor();
  await shot(page, 'account');
  await page.goto(`/admin/user/${ADMIN.username}`);
  await page.getByText(ADMIN.username).first().waitFor();
  await shot(page, 'user-detail');
  await page.goto('/no-such-screen');
  await page.getByText('Page not found').waitFor();
  await shot(page, 'not-found');
});

test('the audit log is readable on a desktop and a phone, and its filters work by keyboard', async () => {
  // Signed in by the test before: its sign-in is the log's first event.
  await page.goto('/admin?tab=audit');
  const table = page.getByRole('table', { name: 'Audit log' });
  await table.getByText('Signed in').first().waitFor();
  await shot(page, 'audit-log');

  // Keyboard only: into the action filter, type to narrow the list, pick the action, the address
  // follows. The list is opened by typing, not by ArrowDown: opening with ArrowDown highlights
  // the first option but re-reads the highlight on zero-delay timers, and an Enter that comes
  // before them (no person is that quick) picks nothing. Once the list is open, ArrowDown
  // moves the highlight at once.
  const action = page.getByRole('combobox', { name: 'Action' });
  await action.focus();
  await page.keyboard.type('Signed in');
  await page.getByRole('option', { name: 'Signed in', exact: true }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Signed in', exact: true, selected: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/action=sign_in(&|$)/);
  await table.getByText('Signed in').first().waitFor();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('table', { name: 'Audit log' }).getByText('Signed in').first().waitFor();
  await shot(page, 'audit-log-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });
});
