// Benchmark (docs/benchmarks.md): the job editor on a generated job of 3,000 segments, in
// Chromium, against a named baseline measured in the same run: the table-and-dialog job page
// the editor replaced (the app of the commit before it, built aside by `make bench-editor` and
// served by a second server on the same database; WORDMARK_BASELINE_WEB_DIR). Without that
// folder the baseline columns stay empty.
// - Ready to type: navigation start → the open segment's target focused (editor); → the first
//   row's edit button shown (baseline: its earliest moment of use).
// - Confirm and next: Ctrl+Enter → the next unconfirmed segment's target focused, the frame
//   after; p50/p95 over 200 confirms. Baseline: Save target → the dialog row closed with the
//   saved text shown (its PUT answers the whole job), over 20 saves.
// - Matches and terms: a segment opened (Alt+↓) → its memory matches and terms shown beside it,
//   the frame after; over 50 segments whose sources resemble the 200 confirmed ones.
// - Typing: keydown → the frame after the editor has the character; p50/p95 over 50 keys.
// Run: make bench-editor (prints a table; asserts only that every measure ran).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { api, baseUrl, launch, signIn, tokenFor, unique, zip } from '../support.mjs';
import { bigXliff, median, percentile } from './job.mjs';

const SEGMENTS = 3000;
const RUNS = 5;
const CONFIRMS = 200;
const BASELINE_SAVES = 20;
const OPENS = 50;
const KEYS = 50;

const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });

/** A second server on the suite's database, serving the baseline's app; null without one. */
async function baselineServer() {
  const webDir = process.env.WORDMARK_BASELINE_WEB_DIR;
  if (!webDir) return null;
  const port = await freePort();
  const database = process.env.WORDMARK_E2E_DATABASE;
  const server = spawn(process.env.WORDMARK_BIN, ['serve'], {
    env: {
      ...process.env,
      WORDMARK_ADDR: `127.0.0.1:${port}`,
      WORDMARK_DATABASE_URL: `sqlite://${database}?mode=rwc`,
      WORDMARK_SECRET_KEY_FILE: join(dirname(database), 'secret.key'),
      WORDMARK_WEB_DIR: webDir,
      WORDMARK_MT_PROVIDER: 'pseudo',
      WORDMARK_LOG: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop: () => server.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGTERM');
  throw new Error('the baseline server did not start');
}

test(`the editor on ${SEGMENTS} segments against the job page it replaced`, { timeout: 1_200_000 }, async () => {
  const token = await tokenFor();
  const form = new FormData();
  form.append('project_name', unique('Bench editor'));
  form.append('project_files', new Blob([zip([{ name: 'bench-job-901.xliff', data: bigXliff(SEGMENTS, '901-bench') }])], { type: 'application/zip' }), 'bench.zip');
  const client = new FormData();
  client.append('client_name', unique('Bench editor client'));
  const made = await api('/api/client', { method: 'POST', token, form: client });
  assert.equal(made.status, 201, made.text);
  form.append('client_id', String(made.json.id));
  const created = await api('/api/translation', { method: 'POST', token, form });
  assert.equal(created.status, 201, created.text);
  const projectId = created.json.id;
  await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token, body: {} });
  let project;
  for (let i = 0; i < 600; i += 1) {
    project = (await api(`/api/translation/${projectId}`, { token })).json;
    if (project.status === 'Pretranslated') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.equal(project.status, 'Pretranslated');
  const jobId = project.jobs[0].id;

  const { browser, page } = await launch();
  await signIn(page);
  const editorReady = () => (document.activeElement?.matches('[data-target-editor]') ? performance.now() : null);

  // Ready to type, RUNS times.
  const ready = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`/job/${jobId}`);
    ready.push(await (await page.waitForFunction(editorReady, null, { polling: 'raf', timeout: 60_000 })).jsonValue());
  }
  // Ready to type on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const readyPhone = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`/job/${jobId}`);
    readyPhone.push(await (await page.waitForFunction(editorReady, null, { polling: 'raf', timeout: 60_000 })).jsonValue());
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/job/${jobId}`);
  await page.waitForFunction(editorReady, null, { polling: 'raf', timeout: 60_000 });

  // Typing: keydown → the editor has the key, the frame after.
  await page.evaluate(() => {
    window.__typing = [];
    document.addEventListener('keydown', () => (window.__kd = performance.now()), true);
    document.addEventListener('input', () => {
      const start = window.__kd;
      requestAnimationFrame(() => window.__typing.push(performance.now() - start));
    });
  });
  await page.keyboard.type('x'.repeat(KEYS), { delay: 60 });
  await page.waitForTimeout(1000);
  const typing = await page.evaluate(() => window.__typing);

  // Confirm and next, CONFIRMS times: Ctrl+Enter → the next target focused, the frame after.
  await page.evaluate(() => {
    window.__confirms = [];
    window.__ck = 0;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.ctrlKey) window.__ck = performance.now();
    }, true);
    document.addEventListener('focusin', (event) => {
      if (window.__ck === 0 || !(event.target instanceof HTMLElement) || !event.target.matches('[data-target-editor]')) return;
      const start = window.__ck;
      window.__ck = 0;
      requestAnimationFrame(() => window.__confirms.push(performance.now() - start));
    });
  });
  for (let i = 1; i <= CONFIRMS; i += 1) {
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction((n) => window.__confirms.length >= n, i, { polling: 'raf' });
  }
  const confirms = await page.evaluate(() => window.__confirms);
  // Every confirm reached the server and its memory.
  await page.getByText('All changes saved').waitFor({ timeout: 120_000 });

  // Matches and terms: Alt+↓ → the panel shows the open segment's matches (or that it has
  // none) and its terms, the frame after.
  const opens = [];
  for (let i = 0; i < OPENS; i += 1) {
    const took = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const start = performance.now();
          const before = document.querySelector('[data-open-segment]');
          const check = () => {
            const panel = document.querySelector('aside[aria-label="Segment details"]');
            const open = document.querySelector('[data-open-segment]');
            const matches = panel?.querySelector('section[aria-label="Memory matches"]');
            const shown = matches !== null && matches !== undefined && !matches.textContent.includes('Looking up');
            const terms = panel?.querySelector('section[aria-label="Terms"]') != null;
            if (open !== before && shown && terms) requestAnimationFrame(() => resolve(performance.now() - start));
            else requestAnimationFrame(check);
          };
          document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }));
          check();
        }),
    );
    opens.push(took);
  }
  const withMatches = await page.locator('[data-match]').count();

  // The baseline: the job page the editor replaced, on a second server with its app.
  const baseline = await baselineServer();
  const base = { ready: [], saves: [], typing: [] };
  if (baseline !== null) {
    const context = await browser.newContext({ baseURL: baseline.url, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(60_000);
    const old = await context.newPage();
    await signIn(old);
    const oldReady = () => (document.querySelector('button[aria-label="Edit segment 1"]') === null ? null : performance.now());
    for (let run = 0; run < RUNS; run += 1) {
      await old.goto(`/job/${jobId}`);
      base.ready.push(await (await old.waitForFunction(oldReady, null, { polling: 'raf', timeout: 60_000 })).jsonValue());
    }
    await old.getByRole('button', { name: 'Edit segment 1', exact: true }).click();
    const field = old.getByRole('textbox', { name: 'Target' });
    await field.focus();
    await old.evaluate(() => {
      window.__typing = [];
      document.addEventListener('keydown', () => (window.__kd = performance.now()), true);
      document.addEventListener('input', () => {
        const start = window.__kd;
        requestAnimationFrame(() => window.__typing.push(performance.now() - start));
      });
    });
    await old.keyboard.type('y'.repeat(KEYS), { delay: 60 });
    await old.waitForTimeout(1000);
    base.typing = await old.evaluate(() => window.__typing);
    await old.getByRole('button', { name: 'Cancel' }).click();
    for (let i = 0; i < BASELINE_SAVES; i += 1) {
      const n = CONFIRMS + 10 + i;
      await old.getByRole('button', { name: `Edit segment ${n}`, exact: true }).scrollIntoViewIfNeeded().catch(() => null);
      const button = old.getByRole('button', { name: `Edit segment ${n}`, exact: true });
      if ((await button.count()) === 0) {
        await old.locator('[role="table"][aria-label="Segments"]').evaluate((table, row) => {
          table.parentElement.scrollTop = (row - 3) * 92;
        }, n);
      }
      await button.click();
      await old.getByRole('textbox', { name: 'Target' }).press('End');
      await old.getByRole('textbox', { name: 'Target' }).type(' ok');
      const took = await old.evaluate(
        () =>
          new Promise((resolve) => {
            const start = performance.now();
            const check = () => {
              if (document.querySelector('textarea') === null) requestAnimationFrame(() => resolve(performance.now() - start));
              else requestAnimationFrame(check);
            };
            [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save target').click();
            check();
          }),
      );
      base.saves.push(took);
    }
    await context.close();
    baseline.stop();
  }
  await browser.close();

  const ms = (v) => (v === undefined ? '—' : `${v.toFixed(0)} ms`);
  const row = (what, mine, theirs, goal) => console.log(`| ${what} | ${mine} | ${theirs} | ${goal} |`);
  console.log(`\n| ${SEGMENTS} segments, Chromium | editor | job page it replaced (baseline) | goal |`);
  console.log('|---|---|---|---|');
  row(`ready to type, median of ${RUNS} (1280 px)`, ms(median(ready)), ms(base.ready.length ? median(base.ready) : undefined), '≤ 600 ms');
  row(`ready to type, all runs`, ready.map(ms).join(', '), base.ready.map(ms).join(', '), '');
  row(`ready to type, median of ${RUNS} (390 px)`, ms(median(readyPhone)), '', '≤ 600 ms');
  row(`confirm and next p50 (${confirms.length} confirms; baseline: ${base.saves.length} saves)`, ms(median(confirms)), ms(base.saves.length ? median(base.saves) : undefined), '');
  row('confirm and next p95', ms(percentile(confirms, 95)), ms(base.saves.length ? percentile(base.saves, 95) : undefined), '≤ 50 ms');
  row(`matches and terms shown p50 (${opens.length} opens)`, ms(median(opens)), '', '');
  row('matches and terms shown p95', ms(percentile(opens, 95)), '', '≤ 150 ms');
  row(`typing p50 (${typing.length}/${base.typing.length} keys)`, ms(median(typing)), ms(base.typing.length ? median(base.typing) : undefined), '');
  row('typing p95', ms(percentile(typing, 95)), ms(base.typing.length ? percentile(base.typing, 95) : undefined), '≤ 16 ms');
  console.log(`(the last open segment showed ${withMatches} memory matches)`);
  assert.equal(confirms.length, CONFIRMS);
  assert.equal(opens.length, OPENS);
  assert.ok(typing.length >= KEYS);
});
