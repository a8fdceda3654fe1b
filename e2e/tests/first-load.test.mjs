// The first load stays light: the sign-in page needs at most BUDGET bytes of JavaScript on the
// wire, brotli or gzip, counted from the build (the entry and everything index.html preloads),
// as the server sends it (precompressed copies, the right headers) and as Chromium fetches it
// (nothing else: every other screen loads when first visited).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { baseUrl, launch } from '../support.mjs';

const BUDGET = 200_000;
const dist = join(import.meta.dirname, '../../web/dist');
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The scripts and style sheets index.html loads: its entry, its modulepreloads, its CSS. */
function firstLoadFiles() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  assert.ok(files.some((f) => f.endsWith('.js')), 'index.html loads a script');
  return files;
}

/** GET `path` with `Accept-Encoding: accept`, without decoding: status, headers, body length. */
const fetchRaw = (path, accept) =>
  new Promise((ok, fail) => {
    const request = get(`${baseUrl()}${path}`, { headers: accept ? { 'Accept-Encoding': accept } : {} }, (res) => {
      let length = 0;
      res.on('data', (chunk) => (length += chunk.length));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, length }));
    });
    request.on('error', fail);
  });

test('the built sign-in page needs at most the budget of JavaScript, brotli or gzip', () => {
  const sizes = { plain: 0, br: 0, gz: 0 };
  const lines = [];
  for (const file of firstLoadFiles().filter((f) => f.endsWith('.js'))) {
    const path = join(dist, file);
    for (const suffix of ['br', 'gz']) assert.ok(existsSync(`${path}.${suffix}`), `the build wrote ${file}.${suffix}`);
    const own = { plain: statSync(path).size, br: statSync(`${path}.br`).size, gz: statSync(`${path}.gz`).size };
    for (const key of Object.keys(sizes)) sizes[key] += own[key];
    lines.push(`${file}: ${kb(own.plain)}, brotli ${kb(own.br)}, gzip ${kb(own.gz)}`);
  }
  const summary = `plain ${kb(sizes.plain)}, brotli ${kb(sizes.br)}, gzip ${kb(sizes.gz)}\n${lines.join('\n')}`;
  console.log(`first-load JavaScript: ${summary}`);
  assert.ok(sizes.br <= BUDGET, `brotli over the ${kb(BUDGET)} budget: ${summary}`);
  assert.ok(sizes.gz <= BUDGET, `gzip over the ${kb(BUDGET)} budget: ${summary}`);
});

test('the server sends the precompressed copies with Content-Encoding and Vary', async () => {
  for (const file of firstLoadFiles()) {
    const path = join(dist, file);
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      [null, undefined, ''],
    ]) {
      const res = await fetchRaw(`/${file}`, accept);
      assert.equal(res.status, 200, file);
      assert.equal(res.headers['content-encoding'], encoding, `${file} with Accept-Encoding ${accept}`);
      assert.match(res.headers.vary ?? '', /accept-encoding/i, file);
      assert.match(res.headers['cache-control'], /immutable/, file);
      assert.equal(res.length, statSync(`${path}${suffix}`).size, `${file}${suffix}`);
    }
  }
  const page = await fetchRaw('/login', 'br');
  assert.equal(page.headers['content-encoding'], 'br');
  assert.match(page.headers['content-type'], /^text\/html/);
  assert.match(page.headers.vary ?? '', /accept-encoding/i);
});

let browser;
let context;
before(async () => {
  ({ browser, context } = await launch());
});
after(async () => {
  await browser?.close();
});

test('Chromium fetches only the first-load files for the sign-in page, within the budget', async () => {
  const page = await context.newPage();
  const fetched = [];
  page.on('requestfinished', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) fetched.push(request);
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  let scriptBytes = 0;
  const names = [];
  for (const request of fetched) {
    const { responseBodySize } = await request.sizes();
    const name = new URL(request.url()).pathname.slice(1);
    names.push(name);
    if (request.resourceType() === 'script') scriptBytes += responseBodySize;
  }
  console.log(`Chromium fetched ${names.length} files for /login, ${kb(scriptBytes)} of JavaScript on the wire`);
  assert.deepEqual(names.sort(), firstLoadFiles().sort(), 'the sign-in page loads no other screen');
  assert.ok(scriptBytes <= BUDGET, `${kb(scriptBytes)} of JavaScript on the wire`);
  await page.close();
});
