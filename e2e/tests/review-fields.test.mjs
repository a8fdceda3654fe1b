// The review screen shows what each segment is (WPML field context), on a laptop and on a phone:
// open a page, edit the SEO description past what search engines show, see the length warning,
// approve by keyboard. The page's body carries inline event handlers: the review bundle's
// sanitising never hands them to a live parser, so the console has no CSP violation.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, baseUrl, launch, shot, tokenFor, unique, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/review/review-fields-job-301.xliff');
const fileName = 'review-fields-job-301.xliff';
// Longer than a description search engines show, whatever the machine translation was.
const LONG = ' Made from organic cotton, sewn in Portugal, washed soft and cut for every day: the blue shirt you will wear for years, at work, at home and on holiday.';

let browser;
let reviewPath;

before(async () => {
  ({ browser } = await launch());
  const token = await tokenFor();
  const project = new FormData();
  project.append('project_name', unique('Review fields'));
  project.append('project_files', new Blob([zip([{ name: fileName, data: readFileSync(fixture) }])], { type: 'application/zip' }), 'export.zip');
  const uploaded = await api('/api/translation', { method: 'POST', token, form: project });
  assert.equal(uploaded.status, 201, uploaded.text);
  const projectId = uploaded.json.id;
  const run = await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token, body: {} });
  assert.ok(run.status < 300, run.text);
  const deadline = Date.now() + 60_000;
  let detail;
  do {
    await new Promise((r) => setTimeout(r, 300));
    detail = (await api(`/api/translation/${projectId}`, { token })).json;
  } while (detail.status !== 'Pretranslated' && Date.now() < deadline);
  assert.equal(detail.status, 'Pretranslated');
  const link = await api(`/api/translation/${projectId}/review-links`, { method: 'POST', token, body: {} });
  assert.equal(link.status, 201, link.text);
  reviewPath = link.json.path;
  // The job API labels every segment.
  const job = (await api(`/api/job/${detail.jobs[0].id}`, { token })).json;
  assert.deepEqual(
    job.segments.map((s) => s.field.label),
    ['Title', 'Body', 'SEO title (Yoast SEO)', 'Meta description (Yoast SEO)', 'Custom field: Button label'],
  );
});
after(async () => {
  await browser?.close();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width} px: the SEO description's length warning, approval by keyboard, no CSP error`, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(reviewPath);
    await page.getByRole('link', { name: fileName }).click();
    const field = page.getByRole('textbox', { name: 'Translation', exact: true });
    await field.waitFor();
    await page.getByText('Segment 1 · Title').waitFor();

    await page.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'SEO description (1)' }).click();
    await page.getByRole('button', { name: /Meta description \(Yoast SEO\)/ }).click();
    await page.getByText(/Segment 4 · Meta description \(Yoast SEO\)/).waitFor();
    await field.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(LONG);
    await page.getByText('All changes saved').waitFor();
    await page.getByText(/characters: search engines show about 160/).waitFor();
    // The open segment's field is on screen, not below the fold of the list.
    const box = await field.boundingBox();
    assert.ok(box !== null && box.y >= 0 && box.y + box.height <= height, `field at ${JSON.stringify(box)} in ${height}`);
    await shot(page, `review-fields-seo-warning-${width}`);

    await page.keyboard.press('Control+Enter');
    await page.getByText('Approved', { exact: true }).first().waitFor();
    // The preview keeps SEO fields in their own panel.
    if (width < 768) await page.getByText('Preview', { exact: true }).click();
    const panel = await page.evaluate(() => {
      const doc = document.querySelector('iframe[title="Page preview"]').contentDocument;
      return Array.from(doc.querySelectorAll('aside dt'), (dt) => dt.textContent);
    });
    assert.deepEqual(panel, ['SEO title (Yoast SEO)', 'Meta description (Yoast SEO)']);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await shot(page, `review-fields-preview-${width}`);
    assert.deepEqual(problems, [], 'no console error (CSP violations among them)');
    await context.close();
  });
}
