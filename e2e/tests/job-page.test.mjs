// The staff job page with the markup a real page carries (a shortcode, a link, a block
// comment), checked by axe at both widths, and the footer after the content instead of fixed
// over it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, launch, shot, signIn, tokenFor, unique, zip } from '../support.mjs';

const fixture = readFileSync(join(import.meta.dirname, '../fixtures/wpml/demo-translation-job-101.xliff'), 'utf8');
const body =
  '<!-- wp:paragraph --><p>We build <strong>websites</strong> since 2004. [gallery ids="4,5"] ' +
  '<a href="https://demo.example/contact/">Contact us</a></p><!-- /wp:paragraph -->';
const xliff = fixture.replace('<p>We build <strong>websites</strong> since 2004.</p>', body);

let browser;
let page;
let jobId;

before(async () => {
  assert.notEqual(xliff, fixture, 'the fixture still has the paragraph the test replaces');
  ({ browser, page } = await launch());
  const token = await tokenFor();
  const client = new FormData();
  client.append('client_name', unique('Markup Kunde'));
  client.append('client_logo', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"/>'], { type: 'image/svg+xml' }), 'logo.svg');
  const created = await api('/api/client', { method: 'POST', token, form: client });
  assert.equal(created.status, 201, created.text);
  const project = new FormData();
  project.append('project_name', unique('Markup'));
  project.append('client_id', String(created.json.id));
  project.append('project_files', new Blob([zip([{ name: 'markup-job-101.xliff', data: Buffer.from(xliff) }])], { type: 'application/zip' }), 'export.zip');
  const uploaded = await api('/api/translation', { method: 'POST', token, form: project });
  assert.equal(uploaded.status, 201, uploaded.text);
  const detail = await api(`/api/translation/${uploaded.json.id}`, { token });
  jobId = detail.json.jobs[0].id;
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

/** The footer's box against the window's and the content's. */
async function footerPlace() {
  return page.evaluate(() => {
    const footer = document.querySelector('nav[aria-label="Legal"]')?.closest('footer');
    const table = document.querySelector('[role="table"][aria-label="Segments"]');
    if (!footer || !table) return null;
    return {
      position: getComputedStyle(footer).position,
      footerTop: footer.getBoundingClientRect().top + window.scrollY,
      tableBottom: table.getBoundingClientRect().bottom + window.scrollY,
    };
  });
}

for (const width of [1280, 390]) {
  test(`the job page shows markup as chips, passes axe and ends with the footer at ${width} px`, async () => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto(`/job/${jobId}`);
    const table = page.getByRole('table', { name: 'Segments' });
    await table.locator('[data-markup="shortcode"]').first().waitFor();
    await table.locator('[data-markup="tag"]', { hasText: '<a>' }).first().waitFor();
    await shot(page, `job-page-markup-${width}`);
    const place = await footerPlace();
    assert.ok(place, 'the page has its footer with the legal links, and the segments table');
    assert.notEqual(place.position, 'fixed', 'the footer scrolls with the page');
    assert.ok(place.footerTop >= place.tableBottom, `the footer (${place.footerTop}) comes after the segments (${place.tableBottom})`);
  });
}
