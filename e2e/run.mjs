// Runs the end-to-end suite: starts the real `wordmark` binary on a fresh SQLite file and a free
// port, serving the built app, then runs every tests/*.test.mjs with node's test runner against it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startMailbox } from './mailbox.mjs';
import { ADMIN, api, tokenFor } from './support.mjs';

const here = import.meta.dirname;
const bin = process.env.WORDMARK_BIN;
if (!bin) throw new Error('WORDMARK_BIN must name the wordmark binary (the Makefile sets it).');

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });

const dataDir = mkdtempSync(join(tmpdir(), 'wordmark-e2e-'));
const database = join(dataDir, 'wordmark.db');
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// support.mjs's helpers (here and in the test files) find the server by it.
process.env.WORDMARK_E2E_URL = baseUrl;
// Every mail the server sends (invitations, notifications, review links) lands in this folder.
const mailDir = join(dataDir, 'mail');
mkdirSync(mailDir);
// The tests' downloads and files (support.mjs, scratchFolder): removed with the rest.
const scratchDir = join(dataDir, 'scratch');
mkdirSync(scratchDir);
const mailbox = await startMailbox(mailDir);
const server = spawn(bin, ['serve'], {
  env: {
    ...process.env,
    WORDMARK_ADDR: `127.0.0.1:${port}`,
    WORDMARK_DATABASE_URL: `sqlite://${database}?mode=rwc`,
    // The key that seals stored secrets, made on the first start: in the run's folder, not in e2e/.
    WORDMARK_SECRET_KEY_FILE: join(dataDir, 'secret.key'),
    WORDMARK_ADMIN_USERNAME: ADMIN.username,
    WORDMARK_ADMIN_PASSWORD: ADMIN.password,
    // Another build of the app (an older one, an unminified one) for a benchmark or a profile.
    WORDMARK_WEB_DIR: process.env.WORDMARK_E2E_WEB_DIR ?? resolve(here, '../web/dist'),
    WORDMARK_MT_PROVIDER: 'pseudo',
    WORDMARK_SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    WORDMARK_SMTP_FROM: 'Wordmark E2E <wordmark@example.com>',
    WORDMARK_PUBLIC_URL: baseUrl,
    WORDMARK_LOG: process.env.WORDMARK_LOG ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExit = null;
server.on('exit', (code) => (serverExit = code));

async function waitForHealth() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (serverExit !== null) throw new Error(`wordmark exited with ${serverExit} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`wordmark did not answer /healthz at ${baseUrl} within 30 s`);
}

/**
 * Turns the scheduled site checks off for the whole run. The files share this one server, three
 * at a time, and the WordPress files read their sites by hand: a scheduled round reads a new site
 * within a minute of its creation, in the background, against the single-threaded PHP server the
 * file is also waiting on. Each file turned the checks off and back on for itself, which raced:
 * the first to finish put them back on while the other still ran. No browser test needs them;
 * the Rust suite tests the schedule.
 */
async function turnSiteChecksOff() {
  const off = await api('/api/settings/site-checks', { method: 'PUT', token: await tokenFor(), body: { every_hours: null } });
  if (off.status !== 200) throw new Error(`the scheduled site checks could not be turned off: ${off.status} ${off.text}`);
}

let code = 1;
try {
  await waitForHealth();
  await turnSiteChecksOff();
  const files = readdirSync(join(here, 'tests'))
    .filter((f) => f.endsWith('.test.mjs'))
    .sort()
    .map((f) => join('tests', f));
  const only = process.argv.slice(2);
  // Three files at a time against the one server: a file mostly waits (on the browser, the
  // server, its polls), so on two cores three at once took the suite from 200 s to 127 s. Each
  // file makes its own clients, users and projects, and reads only what it made.
  const runner = spawn(
    process.execPath,
    ['--test', '--test-concurrency=3', ...(only.length ? only : files)],
    // The database file too, for tests that seed thousands of rows with one SQL statement.
    { cwd: here, env: { ...process.env, WORDMARK_E2E_DATABASE: database, WORDMARK_E2E_MAILDIR: mailDir, WORDMARK_E2E_SCRATCH: scratchDir }, stdio: 'inherit' },
  );
  code = await new Promise((ok) => runner.on('exit', (c) => ok(c ?? 1)));
} finally {
  server.kill('SIGTERM');
  mailbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
