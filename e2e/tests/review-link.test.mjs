// The customer review link (#18) end to end: staff create a link; a second browser context
// without a session opens it, edits a segment with a tag, comments, approves (keyboard only) and
// submits; staff see the comment and the history; the XLIFF export carries the edit and is
// byte-identical outside <target>. The preview runs no script of the XLIFF and sends no request.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { api, assertAccessible, baseUrl, launch, shot, signIn, tokenFor, unique, unzip, zip } from '../support.mjs';

const fixture = join(import.meta.dirname, '../fixtures/review/review-script-in-source-job-201.xliff');
const fileName = 'review-script-in-source-job-201.xliff';
const projectName = unique('Review link');
const EDIT = ' (geprüft)';
const COMMENT = 'Bitte „AGB“ statt „Bedingungen“.';

let browser;
let staff;
let token;
let projectId;
let jobId;
let reviewPath;
let customer;
let customerContext;
const requests = [];
let xliffBefore;

/** The project's XLIFF export, as { file name → bytes }. */
async function exportXliff() {
  const res = await fetch(`${baseUrl()}/api/translation/${projectId}/download-xliff`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 200);
  return new Map(unzip(Buffer.from(await res.arrayBuffer())).map(({ name, data }) => [name.split('/').pop(), data]));
}

/** Presses Tab until `reached` holds in the page (at most 30 times). */
async function tabTo(page, reached) {
  for (let i = 0; i < 30; i += 1) {
    if (await page.evaluate(reached)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab did not reach ${reached}`);
}

const withoutTargets = (bytes) => bytes.toString('utf8').replace(/<target\b[^>]*>[\s\S]*?<\/target>|<target\b[^>]*\/>/g, '<target/>');

before(async () => {
  ({ browser, page: staff } = await launch());
  token = await tokenFor();
  const client = new FormData();
  client.append('client_name', unique('Review client'));
  client.append('client_logo', new Blob([readFileSync(join(import.meta.dirname, '../fixtures/brand-logo.svg'))], { type: 'image/svg+xml' }), 'logo.svg');
  const created = await api('/api/client', { method: 'POST', token, form: client });
  assert.equal(created.status, 201, created.text);
  const project = new FormData();
  project.append('project_name', projectName);
  project.append('client_id', String(created.json.id));
  project.append('project_files', new Blob([zip([{ name: fileName, data: readFileSync(fixture) }])], { type: 'application/zip' }), 'export.zip');
  const uploaded = await api('/api/translation', { method: 'POST', token, form: project });
  assert.equal(uploaded.status, 201, uploaded.text);
  projectId = uploaded.json.id;
  const run = await api(`/api/translation/${projectId}/pretranslate`, { method: 'POST', token, body: {} });
  assert.ok(run.status < 300, run.text);
  const deadline = Date.now() + 60_000;
  let detail;
  do {
    await new Promise((r) => setTimeout(r, 300));
    detail = (await api(`/api/translation/${projectId}`, { token })).json;
  } while (detail.status !== 'Pretranslated' && Date.now() < deadline);
  assert.equal(detail.status, 'Pretranslated');
  jobId = detail.jobs[0].id;
  xliffBefore = await exportXliff();
  await signIn(staff);
});
after(async () => {
  await customerContext?.close();
  await browser?.close();
});

test('staff send a review link from the project and see it listed', async () => {
  await staff.goto(`/translation/${projectId}`);
  await staff.getByRole('button', { name: 'Send review link' }).first().click();
  const dialog = staff.getByRole('dialog', { name: 'Send review link' });
  await dialog.getByRole('textbox', { name: /Note to the customer/ }).fill('Please check the terms page.');
  await dialog.getByRole('textbox', { name: "Reviewer's name" }).fill('Rita Reviewer');
  await dialog.getByRole('textbox', { name: "Reviewer's e-mail" }).fill('rita@');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await dialog.getByText('Not an e-mail address').waitFor();
  await dialog.getByRole('textbox', { name: "Reviewer's e-mail" }).fill('rita@example.com');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = await dialog.getByRole('textbox', { name: 'Review link' }).inputValue();
  assert.match(link, new RegExp(`^${baseUrl()}/review/[A-Za-z0-9_-]{20,}$`));
  reviewPath = new URL(link).pathname;
  await shot(staff, 'review-link-created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = staff.getByRole('row').filter({ hasText: 'Rita Reviewer' });
  await row.getByText('active').waitFor();
  assert.equal((await api(`/api/translation/${projectId}`, { token })).json.status, 'Translations_In_Correction');
});

test('the customer opens the link without a session: start page with logo, note and pages', async () => {
  customerContext = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  customerContext.setDefaultTimeout(15_000);
  customerContext.on('request', (request) => requests.push(request));
  customer = await customerContext.newPage();
  await customer.goto(reviewPath);
  await customer.getByRole('heading', { name: projectName }).waitFor();
  await customer.getByText('Please check the terms page.').waitFor();
  const logo = customer.locator('header img');
  assert.match(await logo.getAttribute('src'), /^\/api\/review\/[^/]+\/logo$/);
  assert.equal(await customer.evaluate(() => localStorage.getItem('loggedUser')), null);
  await shot(customer, 'review-start-1280');
  await customer.setViewportSize({ width: 390, height: 844 });
  await shot(customer, 'review-start-390');
  await customer.setViewportSize({ width: 1280, height: 800 });
});

test('the page view: the preview runs no script of the XLIFF and sends no request', async () => {
  const before = requests.length;
  await customer.getByRole('link', { name: fileName }).click();
  await customer.getByRole('textbox', { name: 'Translation', exact: true }).waitFor();
  const frame = customer.frameLocator('iframe[title="Page preview"]');
  await frame.locator('[data-seg]').first().waitFor();
  await frame.locator('.wm-media', { hasText: 'Banner' }).waitFor();
  // The frame's load event comes after every script and image it holds has run or loaded (or
  // was refused): past it, whatever the XLIFF could make run or load has had its chance.
  await customer.waitForFunction(() => document.querySelector('iframe[title="Page preview"]')?.contentDocument?.readyState === 'complete');
  assert.equal(await customer.evaluate(() => window.pwned), undefined);
  assert.notEqual(await customer.title(), 'pwned');
  const inFrame = await customer.evaluate(() => {
    const doc = document.querySelector('iframe[title="Page preview"]').contentDocument;
    return {
      title: doc.title,
      dangerous: doc.querySelectorAll('script, iframe, link, img, object, embed, base, [onerror], [href], [src], [srcset]').length,
      sandbox: document.querySelector('iframe[title="Page preview"]').getAttribute('sandbox'),
      csp: doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
      first: doc.head.firstElementChild?.getAttribute('http-equiv'),
    };
  });
  assert.deepEqual(inFrame, {
    title: '',
    dangerous: 0,
    sandbox: 'allow-same-origin',
    csp: "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    first: 'Content-Security-Policy',
  });
  const seen = requests.slice(before);
  const fromFrame = seen.filter((request) => request.frame() !== customer.mainFrame());
  assert.deepEqual(fromFrame.map((r) => r.url()), [], 'no request from the preview frame');
  for (const request of seen) {
    const url = new URL(request.url());
    assert.equal(url.origin, baseUrl(), request.url());
    assert.match(url.pathname, /^\/(api\/review\/|assets\/|review\/|favicon)/, request.url());
  }
  assert.ok(!seen.some((r) => r.url().includes('/api/leak')));
  assert.ok(!requests.some((r) => r.headers().authorization), 'no bearer token from the customer');
  await shot(customer, 'review-page-1280');
  await customer.setViewportSize({ width: 390, height: 844 });
  await shot(customer, 'review-page-390');
  await customer.setViewportSize({ width: 1280, height: 800 });
});

test('the customer edits the tagged segment (the tag survives), comments and approves with the keyboard', async () => {
  const field = customer.getByRole('textbox', { name: 'Translation', exact: true });
  // Preview → list: clicking the paragraph in the preview opens its segment.
  await customer.frameLocator('iframe[title="Page preview"]').locator('[data-seg]:has(strong)').click();
  await customer.waitForFunction(() => document.activeElement?.value?.includes(':<strong>⟧'));
  const opened = await field.inputValue();
  // A Backspace right after a tag's placeholder is refused, and said why.
  const tagEnd = opened.indexOf(':</strong>⟧') + ':</strong>⟧'.length;
  await field.evaluate((element, at) => element.setSelectionRange(at, at), tagEnd);
  await customer.keyboard.press('Backspace');
  await customer.getByText(/Tags are kept/).waitFor();
  assert.equal(await field.inputValue(), opened);
  await customer.keyboard.press('End');
  await customer.keyboard.press('Control+End');
  await customer.keyboard.type(EDIT);
  await customer.getByText('All changes saved').waitFor();
  // The preview shows the text as typed.
  const preview = await customer.evaluate(
    () => document.querySelector('iframe[title="Page preview"]').contentDocument.querySelector('.wm-active').textContent,
  );
  assert.ok(preview.includes(EDIT.trim()), preview);

  // Keyboard only: comment, then approve and go on.
  await tabTo(customer, () => document.activeElement?.textContent === 'Approve');
  await tabTo(customer, () => document.activeElement?.id?.startsWith('review-comment-') === true);
  await customer.keyboard.type(COMMENT);
  await customer.keyboard.press('Tab');
  await customer.keyboard.press('Enter');
  await customer.getByText(COMMENT).first().waitFor();
  await field.focus();
  await customer.keyboard.press('Alt+ArrowUp');
  // The previous segment's field holds the focus: while the rows re-render the focus is briefly
  // on the page itself, where the next key would be lost (a bare "no <strong>" check passed then).
  await customer.waitForFunction(
    () => document.activeElement?.tagName === 'TEXTAREA' && !document.activeElement.value.includes('<strong>'),
  );
  await customer.keyboard.press('Alt+ArrowDown');
  await customer.waitForFunction(() => document.activeElement?.value?.includes(':<strong>⟧'));
  await customer.keyboard.press('Control+Enter');
  await customer.getByRole('button', { name: /^Segment \d+.*Approved.*Changed/ }).waitFor();
  await assertAccessible(customer, 'review-page-after-edit');
});

test('submitting shows the counts first, then the thank-you summary; the link is read-only after', async () => {
  await customer.getByRole('link', { name: 'All pages' }).click();
  await customer.getByRole('button', { name: 'Submit review' }).click();
  const dialog = customer.getByRole('dialog');
  await dialog.getByText(/segments changed, \d+ approved/).waitFor();
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await customer.getByRole('heading', { name: 'Thank you!' }).waitFor();
  await shot(customer, 'review-submitted-1280');
  await customer.setViewportSize({ width: 390, height: 844 });
  await shot(customer, 'review-submitted-390');
  await customer.setViewportSize({ width: 1280, height: 800 });
  await customer.reload();
  await customer.getByText(/This review was submitted on/).waitFor();
  assert.equal(await customer.getByRole('button', { name: 'Submit review' }).count(), 0);
});

test('staff see the comment and the history; the XLIFF export carries the edit, the rest byte for byte', async () => {
  await staff.goto(`/translation/${projectId}`);
  await staff.getByRole('tab', { name: 'Comments' }).click();
  await staff.getByRole('radiogroup', { name: 'Show comment threads' }).getByText('All', { exact: true }).click();
  await staff.getByText(COMMENT).waitFor();
  await shot(staff, 'review-staff-comments');

  await staff.goto(`/job/${jobId}`);
  // The edited segment opens in the editor; its history is beside it.
  const row = staff.getByRole('table', { name: 'Segments' }).getByRole('row').filter({ hasText: EDIT.trim() });
  await row.getByText(EDIT.trim()).first().click();
  await staff.getByRole('button', { name: /^Show the history of segment/ }).click();
  const history = staff.getByRole('list', { name: 'History' });
  await history.getByText('Customer review').waitFor();
  await shot(staff, 'review-staff-history');

  const after = await exportXliff();
  const original = xliffBefore.get(fileName);
  const edited = after.get(fileName);
  assert.ok(original && edited, [...after.keys()].join(', '));
  assert.equal(withoutTargets(edited), withoutTargets(original), 'identical outside <target>');
  const target = /<trans-unit[^>]*id="body"[\s\S]*?<target\b[^>]*>([\s\S]*?)<\/target>/.exec(edited.toString('utf8'))?.[1] ?? '';
  assert.ok(target.includes(EDIT.trim()), target);
  assert.ok(target.includes('<strong>') && target.includes('</strong>'), target);
});
