// Shared helpers for the end-to-end tests: the browser, signing in, API calls for setup,
// screenshots and the accessibility check of every screen photographed.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, inflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
export const baseUrl = () => {
  const url = process.env.WORDMARK_E2E_URL;
  if (!url) throw new Error('Run the suite through run.mjs (make test-e2e): WORDMARK_E2E_URL is unset.');
  return url;
};

/**
 * A new folder for a test's downloads and files, inside the run's own folder (run.mjs removes it
 * with the database when the run ends): downloads are whole client archives and workbooks,
 * which must not pile up in the machine's temporary folder.
 */
export function scratchFolder(name) {
  const folder = process.env.WORDMARK_E2E_SCRATCH;
  if (!folder) throw new Error('Run the suite through run.mjs (make test-e2e): WORDMARK_E2E_SCRATCH is unset.');
  return mkdtempSync(join(folder, `${name}-`));
}

// Screenshots go to e2e/artifacts/, or to WORDMARK_E2E_SHOTS when set (e.g. a notes folder).
const artifacts = process.env.WORDMARK_E2E_SHOTS ?? join(import.meta.dirname, 'artifacts');

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

/**
 * Checks the screen with axe-core, then saves a full-page screenshot under e2e/artifacts/ for a
 * person to look at: every screen the suite photographs is also checked.
 */
export async function shot(page, name) {
  await assertAccessible(page, name);
  mkdirSync(artifacts, { recursive: true });
  // From the top: a scrolled page puts the fixed header mid-picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until the page's transitions and animations have ended (two frames with none running),
 * so that what is measured next is the layout the user is left with: a resized window moves the
 * app's shell over 200 ms, a closing tooltip fades. Two frames, because a change just made starts
 * its transitions only on the next render; and again after each wait, because one transition's
 * end can start another. Endless animations (a loader's spin) are not waited for.
 */
export async function settle(page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    for (let round = 0; round < 20; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => null)));
    }
  });
}

/**
 * Fails on any serious or critical axe-core violation on the current screen (contrast, names,
 * roles, …). axe is evaluated through the browser's debugging protocol, which the page's
 * Content-Security-Policy (no inline scripts) does not govern: the app itself is not changed.
 */
export async function assertAccessible(page, screen) {
  // Transitions fade text in and out: axe would measure a half-transparent colour.
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, impact, help, nodes }) => ({
        rule: `${id} (${impact}): ${help}`,
        nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
      }));
  });
  const report = violations.map(({ rule, nodes }) => [rule, ...nodes.map((node) => `  ${node}`)].join('\n')).join('\n');
  if (violations.length > 0) throw new Error(`${screen}: axe finds ${violations.length} serious or critical violation(s)\n${report}`);
}

/**
 * Waits until `condition()` (sync or async) is truthy, asking again every 50 ms, and returns its
 * value; fails naming `what` after `limit` ms. Tests wait for what they need, never a fixed time.
 */
export async function until(what, condition, limit = 15_000) {
  const deadline = Date.now() + limit;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${limit} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The mails the server sent to `address` so far (from run.mjs's mail sink), each as
 * `{ subject, text }` with quoted-printable soft breaks and `=3D` undone.
 */
export function mailsTo(address) {
  const folder = process.env.WORDMARK_E2E_MAILDIR;
  if (!folder) throw new Error('Run the suite through run.mjs: WORDMARK_E2E_MAILDIR is unset.');
  return readdirSync(folder)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')))
    .filter((mail) => mail.recipients.includes(address.toLowerCase()))
    .map(({ data }) => {
      // Headers folded onto several lines are one; soft line breaks and `=3D` are undone.
      const text = data.replace(/\n[ \t]+/g, ' ').replace(/=\n/g, '').replace(/=3D/g, '=');
      const subject = /^Subject: (.*)$/m.exec(text)?.[1] ?? '';
      return { subject, text };
    });
}

/** Waits for a mail to `address` whose subject contains `about`, and returns the path of the
 * first link to this server in it. */
export async function linkInMail(address, about) {
  const mail = await until(`a mail "${about}" reaches ${address}`, () => mailsTo(address).find((m) => m.subject.includes(about)));
  const start = mail.text.indexOf(baseUrl());
  if (start === -1) throw new Error(`no link to the server in the mail "${mail.subject}":\n${mail.text}`);
  return mail.text.slice(start + baseUrl().length).split(/\s/)[0];
}

export const unique = (prefix) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A zip archive (stored entries, no compression) of `entries`: [{ name, data: Buffer|string }].
 * Small enough to write here, so the tests need no zip package.
 */
export function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const body = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
    const crc = crc32(body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0, 10); // time and date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a zip archive ([{ name, data }]), read from its central directory. */
export function unzip(archive) {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('not a zip archive');
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const raw = archive.subarray(dataAt, dataAt + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: unsupported compression method ${method}`);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Names of the entries of a zip archive. */
export const zipEntryNames = (archive) => unzip(archive).map((entry) => entry.name);
