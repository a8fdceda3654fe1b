// Shared helpers for the end-to-end tests: the browser, signing in, API calls for setup, screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const baseUrl = () => {
  const url = process.env.WORDMARK_E2E_URL;
  if (!url) throw new Error('Run the suite through run.mjs (make test-e2e): WORDMARK_E2E_URL is unset.');
  return url;
};

const artifacts = join(import.meta.dirname, 'artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { browser, context, page };
}

/** Signs in through the sign-in screen and waits for the dashboard greeting. */
export async function signIn(page, { username, password } = ADMIN) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByText(/^Howdy, /).waitFor();
}

/** The sign-in password field (the label alone also names the visibility toggle). */
export const passwordField = (scope, name = 'Password') => scope.getByRole('textbox', { name, exact: true });

/** The text of the open alert dialog (the app's alerts are modal dialogs, not window.alert). */
export async function alertText(page) {
  const dialog = page.getByRole('dialog').last();
  await dialog.waitFor();
  return (await dialog.innerText()).trim();
}

/** Calls the API directly (for test setup), signed in as `who`. */
export async function api(path, { method = 'GET', body, token, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

export async function tokenFor({ username, password } = ADMIN) {
  const res = await api('/auth/login', { method: 'POST', body: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status} ${res.text}`);
  return res.json.token;
}

/** Saves a full-page screenshot under e2e/artifacts/ for a person to look at. */
export async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

export const unique = (prefix) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
