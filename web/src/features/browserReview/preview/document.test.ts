import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PreviewSegment } from './document';
import { blockOf, PREVIEW_CSP, previewDocument, SEGMENT_ATTRIBUTE } from './document';

type Sample = PreviewSegment & { text: string };

const sample = (id: number, resname: string | null, text: string, changes: Partial<PreviewSegment> = {}): Sample => ({
  id,
  resname,
  translatable: true,
  markup: 'html',
  text,
  ...changes,
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('previewDocument', () => {
  it('starts with the CSP that forbids everything but inline styles', () => {
    const html = previewDocument([sample(1, 'title', 'Hello')], (s) => s.text);
    expect(html.startsWith(`<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`)).toBe(true);
  });

  it('lays out a title as h1, section titles as h2, HTML as HTML, plain XLIFF text as a paragraph', () => {
    const segments = [
      sample(1, 'title', 'The page'),
      sample(2, 'body', '<p>First <b>para</b></p><p>Second</p>'),
      sample(3, 'Section Title 3', 'A section'),
      sample(4, null, 'Plain <g id="1">inline</g> text', { markup: 'xliff' }),
      sample(5, 'fixed', 'Not translatable', { translatable: false }),
    ];
    const doc = parse(previewDocument(segments, (s) => s.text));
    const wrapped = Array.from(doc.querySelectorAll(`[${SEGMENT_ATTRIBUTE}]`), (node) => [
      node.localName,
      node.getAttribute(SEGMENT_ATTRIBUTE),
      node.textContent,
    ]);
    expect(wrapped).toEqual([
      ['h1', '1', 'The page'],
      ['div', '2', 'First paraSecond'],
      ['h2', '3', 'A section'],
      ['p', '4', 'Plain inline text'],
    ]);
    expect(doc.querySelector('.wm-fixed')?.textContent).toBe('Not translatable');
  });

  it('leaves the segments not built yet empty, in their place, and always shows fixed ones', () => {
    const segments = [
      sample(1, 'title', 'The page'),
      sample(2, 'body', '<p>Later</p>'),
      sample(3, 'fixed', 'Kept', { translatable: false }),
    ];
    const doc = parse(previewDocument(segments, (s) => s.text, (s) => s.id === 1));
    expect(doc.querySelector(`[${SEGMENT_ATTRIBUTE}="1"]`)?.textContent).toBe('The page');
    const later = doc.querySelector(`[${SEGMENT_ATTRIBUTE}="2"]`);
    expect(later?.localName).toBe('div');
    expect(later?.innerHTML).toBe('');
    expect(doc.querySelector('.wm-fixed')?.textContent).toBe('Kept');
  });

  it('does not let one segment’s unclosed markup swallow the next', () => {
    const doc = parse(previewDocument([sample(1, 'body', '<div><p>open'), sample(2, 'body', 'next')], (s) => s.text));
    expect(doc.querySelector(`[${SEGMENT_ATTRIBUTE}="2"]`)?.parentElement).toBe(doc.body);
  });

  it('puts SEO fields and the slug in a Search & meta panel under their labels, the page below', () => {
    const field = (kind: string, label: string) => ({ field: { kind, label } as PreviewSegment['field'] });
    const segments = [
      sample(1, 'title', 'The page', field('title', 'Title')),
      sample(2, 'body', '<p>Body</p>', field('body', 'Body')),
      sample(3, '_yoast_wpseo_metadesc', 'A <b>short</b> description', field('seo_description', 'Meta description (Yoast SEO)')),
      sample(4, 'slug', 'the-page', field('slug', 'Slug')),
      sample(5, 'Lesson Excerpt', 'An excerpt', field('custom_field', 'Custom field: Lesson Excerpt')),
    ];
    const doc = parse(previewDocument(segments, (s) => s.text));
    const panel = doc.querySelector('aside');
    expect(panel?.getAttribute('aria-label')).toBe('Search & meta');
    expect(Array.from(panel?.querySelectorAll('dt') ?? [], (dt) => dt.textContent)).toEqual(['Meta description (Yoast SEO)', 'Slug']);
    expect(Array.from(panel?.querySelectorAll(`dd[${SEGMENT_ATTRIBUTE}]`) ?? [], (dd) => dd.textContent)).toEqual([
      'A short description',
      'the-page',
    ]);
    const page = Array.from(doc.body.children).filter((node) => node !== panel);
    expect(page.map((node) => [node.localName, node.textContent])).toEqual([
      ['h1', 'The page'],
      ['div', 'Body'],
      ['div', 'An excerpt'],
    ]);
  });

  it('takes a title with block markup as HTML', () => {
    expect(blockOf(sample(1, 'title', ''), '<p>x</p>')).toBe('div');
  });
});

// Every real file of the reference corpus: its sources and targets become a preview with every
// unit in place and nothing in it that could run, load or navigate. The corpus lives outside the
// repository, in the folder WORDMARK_CORPUS names (relative paths count from the repository's
// root; `make test` sets it when ../shared/corpus is beside the clone); without it these tests
// are skipped, with it they fail when they find nothing.
const REPOSITORY = join(import.meta.dirname, '../../../../..');
const CORPUS = process.env.WORDMARK_CORPUS ? resolve(REPOSITORY, process.env.WORDMARK_CORPUS, 'xliff') : null;

function xliffFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return xliffFiles(path);
    return /\.(xliff|xlf)$/i.test(entry.name) ? [path] : [];
  });
}

/** The texts of `<source>`/`<target>` elements, CDATA unwrapped (WPML's HTML) or inline XML kept. */
function texts(xml: string): { html: boolean; text: string }[] {
  return Array.from(xml.matchAll(/<(source|target)\b[^>]*>([\s\S]*?)<\/\1>/g), (match) => {
    const inner = match[2] ?? '';
    const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(inner);
    return { html: cdata !== null, text: cdata?.[1] ?? inner };
  });
}

describe.skipIf(CORPUS === null)('previewDocument over the corpus (WORDMARK_CORPUS)', () => {
  const corpus = CORPUS ?? '';
  const files = CORPUS === null ? [] : xliffFiles(CORPUS);

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((file) => [file.slice(corpus.length + 1), file]))('%s', (_name, file) => {
    const segments = texts(readFileSync(file, 'utf8')).map(({ html, text }, index) =>
      sample(index + 1, index === 0 ? 'title' : 'body', text, { markup: html ? 'html' : 'xliff' }),
    );
    const doc = parse(previewDocument(segments, (s) => s.text));
    expect(doc.querySelectorAll(`[${SEGMENT_ATTRIBUTE}]`)).toHaveLength(segments.length);
    expect(doc.querySelectorAll('script, iframe, object, embed, link, base, img, video, audio, form')).toHaveLength(0);
    expect(doc.querySelectorAll('meta')).toHaveLength(2);
    for (const element of Array.from(doc.body.querySelectorAll('*'))) {
      for (const name of element.getAttributeNames()) {
        expect(name).toMatch(/^(class|style|title|alt|lang|dir|colspan|rowspan|scope|align|width|height|data-seg)$/);
        if (name === 'style') expect(element.getAttribute(name)).not.toMatch(/url\(/i);
      }
    }
  });
});
