// Rebranding, end to end: the wizard refuses a short legal name, creates a project with two
// locations and five colours, the detail tabs show it, the wizard edits it, and the brand
// package downloads as a zip whose files are what the project says.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { api, launch, scratchFolder, shot, signIn, tokenFor, unique } from '../support.mjs';

const LEGAL_NAME_MESSAGE = 'The legal name must have at least 6 letters and contain the legal entity of the company';
const clientName = unique('Bäckerei Süß');
const displayName = unique('Süß Café');
const renamed = `${displayName} Neu`;
// Screens for a person to look at; WORDMARK_SCREENS_DIR puts copies outside the repository.
const screensDir = process.env.WORDMARK_SCREENS_DIR;

let browser;
let page;

async function screen(name, options = {}) {
  await shot(page, name);
  if (screensDir) {
    mkdirSync(screensDir, { recursive: true });
    await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: true, ...options });
  }
}

/** The files of a zip archive by name (stored or deflated entries, read from the central directory). */
function unzip(buffer) {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'a zip end-of-central-directory record');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(buffer.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(data, data + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

before(async () => {
  ({ browser, page } = await launch());
  const token = await tokenFor();
  const form = new FormData();
  form.append('client_name', clientName);
  const logo = readFileSync(join(import.meta.dirname, '../fixtures/brand-logo.svg'));
  form.append('client_logo', new Blob([logo], { type: 'image/svg+xml' }), 'brand-logo.svg');
  const created = await api('/api/client', { method: 'POST', token, form });
  assert.equal(created.status, 201, created.text);
  await signIn(page);
});
after(async () => {
  await browser?.close();
});

const wizard = () => page.getByRole('dialog', { name: /Create new rebranding project|^Edit / });

async function fillColour(scope, name, hex) {
  const field = scope.getByLabel(`${name} HEX`, { exact: true });
  await field.fill(hex);
  await field.press('Tab');
}

test('the wizard refuses a 5-letter legal name on the first step', async () => {
  await page.goto('/rebranding');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const modal = page.getByRole('dialog', { name: 'Create new rebranding project' });
  await modal.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: clientName }).click();
  await modal.getByLabel('Legal name').fill('Acme5');
  await modal.getByLabel('Display name').fill(displayName);
  await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByText(LEGAL_NAME_MESSAGE).waitFor();
  // Still on step 0.
  await modal.getByLabel('Legal name').waitFor();
  await screen('rebranding-wizard-refused');
});

test('a project with two locations and five colours is created through the six steps', async () => {
  const modal = wizard();
  await modal.getByLabel('Legal name').fill('Bäckerei Süß & Söhne GmbH');
  await modal.getByRole('combobox', { name: 'Headline font' }).fill('Montserrat');
  await modal.getByRole('combobox', { name: 'Body font' }).fill('DejaVu Sans');
  await modal.getByRole('combobox', { name: 'Body font' }).press('Escape');
  await modal.getByRole('button', { name: 'Next step' }).click();

  // Step 1: two locations.
  const places = [
    { street: 'Hauptstraße 12', zip: '50667', city: 'Köln', country: 'Deutschland', management: 'Jürgen Süß', iban: 'DE89 3704 0044 0532 0130 00' },
    { street: "Rue de l'Église 5", zip: '75001', city: 'Paris', country: 'France', management: 'Élodie Dubois', iban: 'FR76 3000 4000 0312 3456 7890 143' },
  ];
  for (const [index, place] of places.entries()) {
    await modal.getByRole('button', { name: 'Add location' }).click();
    const section = modal.getByRole('region', { name: `Location ${index}` });
    await section.getByLabel('Street').fill(place.street);
    await section.getByLabel('Zip code').fill(place.zip);
    await section.getByLabel('City').fill(place.city);
    await section.getByLabel('Country').fill(place.country);
    await section.getByLabel('Management').fill(place.management);
    await section.getByLabel('Commercial register').fill('HRB 4711');
    await section.getByLabel('VAT ID').fill('DE123456789');
    await section.getByLabel('Bank').fill('Sparkasse');
    await section.getByLabel('IBAN').fill(place.iban);
    await section.getByLabel('BIC').fill('COLSDE33');
    await section.getByLabel('Phone').fill('+49 221 12345');
    await section.getByLabel('E-mail').fill(`info-${index}@example.de`);
  }
  await modal.getByRole('button', { name: 'Next step' }).click();

  // Step 2: two Priority 1 colours; RGB and CMYK follow the HEX, a typed CMYK is kept.
  await modal.getByRole('button', { name: 'Add Priority 1 colour' }).click();
  await fillColour(modal, 'Priority 1 colour 1', '#0A3D62');
  assert.equal(await modal.getByLabel('Priority 1 colour 1 RGB R').inputValue(), '10');
  assert.equal(await modal.getByLabel('Priority 1 colour 1 RGB G').inputValue(), '61');
  assert.equal(await modal.getByLabel('Priority 1 colour 1 RGB B').inputValue(), '98');
  assert.equal(await modal.getByLabel('Priority 1 colour 1 CMYK C').inputValue(), '90');
  await modal.getByRole('button', { name: 'Add Priority 1 colour' }).click();
  await fillColour(modal, 'Priority 1 colour 2', '#3C6382');
  for (const [channel, value] of [['C', '53'], ['M', '24'], ['Y', '0'], ['K', '49']]) {
    await modal.getByLabel(`Priority 1 colour 2 CMYK ${channel}`).fill(value);
  }
  // RGB is bounded: 300 is not accepted.
  await modal.getByLabel('Priority 1 colour 1 RGB R').fill('300');
  await modal.getByLabel('Priority 1 colour 1 RGB R').press('Tab');
  assert.notEqual(await modal.getByLabel('Priority 1 colour 1 RGB R').inputValue(), '300');
  await fillColour(modal, 'Priority 1 colour 1', '#0A3D62');
  await screen('rebranding-wizard-colours');
  await modal.getByRole('button', { name: 'Next step' }).click();

  await modal.getByRole('button', { name: 'Add Priority 2 colour' }).click();
  // A new colour: empty HEX, zeros everywhere, and the picker opens on white.
  await modal.getByLabel('Priority 2 colour 1 HEX', { exact: true }).click();
  await page.locator('.mantine-ColorPicker-saturation').waitFor();
  assert.equal(await modal.getByLabel('Priority 2 colour 1 RGB R').inputValue(), '0');
  await screen('rebranding-wizard-picker');
  await fillColour(modal, 'Priority 2 colour 1', '#E55039');
  await modal.getByRole('button', { name: 'Next step' }).click();

  await modal.getByRole('button', { name: 'Add Highlight colour' }).click();
  await fillColour(modal, 'Highlight colour', '#FA983A');
  await modal.getByRole('button', { name: 'Next step' }).click();

  await modal.getByRole('button', { name: 'Add Corporate colour' }).click();
  await fillColour(modal, 'Corporate colour 1', '#2F3640');
  await modal.getByRole('button', { name: 'Next step' }).click();

  // The review, then save.
  await modal.getByText('Check the project before saving.').waitFor();
  await modal.getByText('#FA983A').waitFor();
  await screen('rebranding-wizard-review');
  await modal.getByRole('button', { name: 'Create Project' }).click();
  await page.getByText('Rebranding Project successfully created!').waitFor();
  await modal.waitFor({ state: 'detached' });

  const row = page.getByRole('row').filter({ hasText: displayName });
  await row.getByRole('cell', { name: clientName }).waitFor();
  await row.getByRole('cell', { name: '2', exact: true }).waitFor();
  await screen('rebranding-list');

  const token = await tokenFor();
  const list = await api('/api/rebranding', { token });
  const saved = list.json.find((p) => p.display_name === displayName);
  assert.equal(saved.legal_name, 'Bäckerei Süß & Söhne GmbH');
  assert.equal(saved.location_count, 2);
  const scheme = saved.color_scheme;
  assert.equal(scheme.prio1_colors.length + scheme.prio2_colors.length + scheme.greyscale_colors.length + 1, 5);
  assert.deepEqual(scheme.prio1_colors[0].rgb, { r: 10, g: 61, b: 98 });
  assert.deepEqual(scheme.prio1_colors[1].cymk, { c: 53, y: 0, m: 24, k: 49 });
  assert.equal(scheme.prio1_colors[1].cmyk_computed, false);
  assert.equal(scheme.highlight_color.hex, '#FA983A');
  assert.equal(saved.font_scheme.headline, 'Montserrat');
});

test('the detail tabs show the project', async () => {
  await page.getByRole('row').filter({ hasText: displayName }).getByRole('link', { name: 'Learn more' }).click();
  await page.getByRole('heading', { name: displayName, exact: true }).waitFor();
  await page.getByRole('row', { name: 'Legal Name Bäckerei Süß & Söhne GmbH' }).waitFor();
  await page.getByRole('row', { name: 'Locations 2' }).waitFor();

  await page.getByRole('tab', { name: 'Color Scheme' }).click();
  await page.getByRole('img', { name: `${clientName} logo` }).last().waitFor();
  const prio1 = page.getByRole('region', { name: 'Priority 1' });
  await prio1.getByRole('row', { name: /#0A3D62 10 \/ 61 \/ 98 90 \/ 38 \/ 0 \/ 62/ }).waitFor();
  await prio1.getByRole('row', { name: /#3C6382 60 \/ 99 \/ 130 53 \/ 24 \/ 0 \/ 49/ }).waitFor();
  await page.getByRole('region', { name: 'Highlight' }).getByText('#FA983A').waitFor();
  await page.getByRole('region', { name: 'Corporate' }).getByText('#2F3640').waitFor();
  await screen('rebranding-color-scheme');

  await page.getByRole('tab', { name: 'Locations' }).click();
  const second = page.getByRole('region', { name: 'Location 1' });
  await second.getByRole('row', { name: "Street Rue de l'Église 5" }).waitFor();
  await second.getByRole('row', { name: 'Management Élodie Dubois' }).waitFor();
  await page.getByRole('region', { name: 'Location 0' }).getByRole('row', { name: 'IBAN DE89 3704 0044 0532 0130 00' }).waitFor();
  await screen('rebranding-locations');
});

test('the wizard edits the project', async () => {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Edit ${displayName}` });
  assert.equal(await modal.getByLabel('Legal name').inputValue(), 'Bäckerei Süß & Söhne GmbH');
  await modal.getByLabel('Display name').fill(renamed);
  for (let step = 0; step < 6; step++) await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByRole('button', { name: 'Update Project' }).click();
  await page.getByText('Rebranding Project successfully updated!').waitFor();
  await page.getByRole('heading', { name: renamed, exact: true }).waitFor();
});

test('the brand package downloads as a zip built from the project', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Package' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), `${renamed}-rebranding.zip`);
  const dir = scratchFolder('package');
  const zipPath = join(dir, 'package.zip');
  await download.saveAs(zipPath);
  const files = unzip(readFileSync(zipPath));
  for (const name of ['README.txt', 'brand.json', 'tokens.json', 'colors.css', 'colors.ase', 'colors.gpl', 'logo.svg',
    'logo-512.png', 'location-0.vcf', 'location-1.vcf', 'imprint-1.html', 'signature-0.html', 'brand-sheet.pdf']) {
    assert.ok(files.has(name), `${name} is in the package`);
  }
  const brand = JSON.parse(files.get('brand.json').toString('utf8'));
  assert.equal(brand.display_name, renamed);
  assert.equal(brand.locations.length, 2);
  assert.equal(files.get('colors.ase').subarray(0, 4).toString('latin1'), 'ASEF');
  assert.match(files.get('location-1.vcf').toString('utf8'), /Élodie Dubois/);
  assert.match(files.get('colors.css').toString('utf8'), /--brand-prio1-1: #0A3D62;/);

  const pdf = join(screensDir ?? dir, 'rebranding-brand-sheet.pdf');
  writeFileSync(pdf, files.get('brand-sheet.pdf'));
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    console.warn('pdftoppm is not installed: the brand sheet is not rendered');
  }
});

test("the client's tab and the dashboard list the project", async () => {
  const token = await tokenFor();
  const project = (await api('/api/rebranding', { token })).json.find((p) => p.display_name === renamed);
  await page.goto(`/clients/${project.client_id}`);
  await page.getByRole('tab', { name: 'Rebranding projects' }).click();
  const row = page.getByRole('row').filter({ hasText: renamed });
  await row.getByRole('link', { name: 'Learn more' }).waitFor();
  await page.goto('/');
  const dashboard = page.getByRole('region', { name: 'Rebranding Projects' });
  await dashboard.getByRole('row').filter({ hasText: renamed }).waitFor();
});

test('narrow screens keep the wizard and the colour tab readable', async () => {
  const token = await tokenFor();
  const project = (await api('/api/rebranding', { token })).json.find((p) => p.display_name === renamed);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/rebranding/${project.id}`);
  await page.getByRole('tab', { name: 'Color Scheme' }).click();
  await page.getByRole('region', { name: 'Priority 1' }).getByText('#0A3D62').waitFor();
  await screen('rebranding-color-scheme-narrow', { fullPage: false });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: `Edit ${renamed}` });
  for (let step = 0; step < 2; step++) await modal.getByRole('button', { name: 'Next step' }).click();
  await modal.getByLabel('Priority 1 colour 1 HEX', { exact: true }).waitFor();
  await screen('rebranding-wizard-narrow', { fullPage: false });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });
});
