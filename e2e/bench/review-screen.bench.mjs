// Benchmark (docs/benchmarks.md): a page (job) of 3,000 segments in the customer's review screen,
// against the staff job page on the same job as the baseline, in the same run, in Chromium, with
// the review screen at 1280 and at 390 px.
// - Time to interactive: from navigation start to the first segment's field focused and the
//   preview rendered (review), or to the open segment's target focused (staff job editor).
// - Typing: from keydown to the frame after the preview shows the key (review), or after the
//   staff editor's field shows it (baseline); p50/p95 over 50 keys.
// Run: node run.mjs bench/review-screen.bench.mjs (prints a table; asserts nothing but that it ran).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, baseUrl, launch, signIn, tokenFor, unique, zip } from '../support.mjs';
import { bigXliff, median, percentile } from './job.mjs';

const SEGMENTS = 3000;
const RUNS = 5;
const KEYS = 50;

test(`review screen of ${SEGMENTS} segments against the staff job page`, { timeout: 600_000 }, async () => {
  const token = await tokenFor();
  const form = new FormData();
  form.append('project_name', unique('Bench review'));
  form.append('project_files', new Blob([zip([{ name: 'bench-job-900.xliff', data: bigXliff(SEGMENTS, '900-bench') }])], { type: 'application/zip' }), 'bench.zip');
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
  const link = await api(`/api/translation/${projectId}/review-links`, { method: 'POST', token, body: {} });
  assert.equal(link.status, 201, link.text);

  const { browser, page: staff } = await launch();
  await signIn(staff);
  const reviewReady = () => {
    const field = document.querySelector('[data-segment-field]');
    const frame = document.querySelector('iframe[title="Page preview"]');
    const ready = field !== null && document.activeElement === field && frame?.contentDocument?.querySelector('.wm-active') != null;
    return ready ? performance.now() : null;
  };
  const staffReady = () => (document.activeElement?.matches('[data-target-editor]') ? performance.now() : null);

  // The review screen on a laptop and on a phone (where the preview is behind a toggle but
  // still built and kept up to date).
  const widths = [
    [1280, 800],
    [390, 844],
  ];
  const reviews = [];
  const baseline = [];
  for (const [width, height] of widths) {
    const customerContext = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    const customer = await customerContext.newPage();
    const review = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (width === widths[0][0]) {
        await staff.goto(`/job/${jobId}`);
        baseline.push(await (await staff.waitForFunction(staffReady, null, { polling: 'raf', timeout: 60_000 })).jsonValue());
      }
      await customer.goto(link.json.path);
      await customer.goto(`${link.json.path}/job/${jobId}`);
      review.push(await (await customer.waitForFunction(reviewReady, null, { polling: 'raf', timeout: 60_000 })).jsonValue());
    }
    // Typing in the review screen: keydown → the preview's segment shows the key, next frame.
    // Measured once the preview has built every segment (it builds those out of view in slices
    // after it is shown), so that no slice's change counts as a key's.
    await customer.waitForFunction(() => {
      const frameDoc = document.querySelector('iframe[title="Page preview"]')?.contentDocument;
      return frameDoc != null && frameDoc.querySelector('.wm-seg:empty') === null;
    });
    await customer.evaluate(() => {
      window.__lat = [];
      const frameDoc = document.querySelector('iframe[title="Page preview"]').contentDocument;
      document.addEventListener('keydown', () => (window.__kd = performance.now()), true);
      new MutationObserver(() => {
        const start = window.__kd;
        requestAnimationFrame(() => window.__lat.push(performance.now() - start));
      }).observe(frameDoc.body, { subtree: true, childList: true, characterData: true });
    });
    await customer.keyboard.type('x'.repeat(KEYS), { delay: 60 });
    await customer.waitForTimeout(500);
    reviews.push({ width, review, typing: await customer.evaluate(() => window.__lat) });
    await customerContext.close();
  }

  // Baseline: the staff job page's editor, keydown → its field shows the key, next frame.
  await staff.locator('[data-target-editor]').focus();
  await staff.evaluate(() => {
    window.__lat = [];
    document.addEventListener('keydown', () => (window.__kd = performance.now()), true);
    document.addEventListener('input', () => {
      const start = window.__kd;
      requestAnimationFrame(() => window.__lat.push(performance.now() - start));
    });
  });
  await staff.keyboard.type('x'.repeat(KEYS), { delay: 60 });
  await staff.waitForTimeout(500);
  const typingBaseline = await staff.evaluate(() => window.__lat);
  await browser.close();

  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(`\n| ${SEGMENTS} segments | review screen | staff job page (baseline) | ratio |`);
  console.log('|---|---|---|---|');
  for (const { width, review, typing } of reviews) {
    console.log(`| ${width} px: time to interactive, median of ${RUNS} | ${ms(median(review))} | ${ms(median(baseline))} | ${(median(review) / median(baseline)).toFixed(2)}× |`);
    console.log(`| ${width} px: time to interactive, all runs | ${review.map(ms).join(', ')} | ${baseline.map(ms).join(', ')} | |`);
    console.log(`| ${width} px: typing p50 (${typing.length}/${typingBaseline.length} keys) | ${ms(percentile(typing, 50))} | ${ms(percentile(typingBaseline, 50))} | |`);
    console.log(`| ${width} px: typing p95 | ${ms(percentile(typing, 95))} | ${ms(percentile(typingBaseline, 95))} | ${(percentile(typing, 95) / percentile(typingBaseline, 95)).toFixed(2)}× |`);
    assert.ok(typing.length >= KEYS);
  }
  assert.ok(typingBaseline.length >= KEYS);
});
