import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor, translatorUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { jobDetail, segment } from '../../../test/translation';
import type { JobDetail } from '../api';

const segments = [
  segment(1, { source: 'Hello <strong>world</strong>', target: 'Hallo <strong>Welt</strong>', status: 'translated', origin: 'mt' }),
  segment(2, {
    source: 'Price: 42 <img src=x onerror="window.__injected=true">',
    mt_target: 'Preis: <img src=x onerror="window.__injected=true">',
    target: 'Preis: <img src=x onerror="window.__injected=true">',
    status: 'needs_review',
    origin: 'mt',
    qa_flags: [{ kind: 'number_missing', message: 'Number 42 of the source is missing' }],
  }),
  segment(3, { source: 'Contact us' }),
];

function rows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Segments' })).getAllByRole('row').slice(1);
}

/** The open segment's target field. */
function target(n: number): HTMLElement {
  return screen.getByRole('textbox', { name: `Target of segment ${n}` });
}

/** The stored text of the open target: its text, and its chips' markup. */
function stored(n: number): string {
  let out = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) out += (node as Text).data;
    else if (node instanceof HTMLElement && node.dataset.raw !== undefined) out += node.dataset.raw;
    else node.childNodes.forEach(walk);
  };
  target(n).childNodes.forEach(walk);
  return out;
}

type Saved = { target: string; base_revision: number; confirm?: boolean };

function serveJob(detail: JobDetail) {
  server.use(
    http.get('*/api/job/4', () => HttpResponse.json(detail)),
    // No memory matches: the editor shows none.
    http.get('*/api/job/4/segments/:segment/matches', () => HttpResponse.json([])),
    http.get('*/api/job/4/comments', () => HttpResponse.json([])),
    // Not assigned: staff see the "Assign" button above the editor.
    http.get('*/api/assignments', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  );
}

/** Answers each segment save as the server would, recording the bodies. */
function serveSaves(detail: JobDetail, sent: (Saved & { id: number })[]) {
  server.use(
    http.put('*/api/job/4/segments/:segment', async ({ request, params }) => {
      const id = Number(params.segment);
      const body = (await request.json()) as Saved;
      sent.push({ id, ...body });
      const before = detail.segments.find((candidate) => candidate.id === id) ?? segment(id);
      return HttpResponse.json({
        ...before,
        target: body.target,
        origin: 'editor',
        status: body.confirm === true ? 'reviewed' : 'translated',
        revision: body.base_revision + 1,
      });
    }),
  );
}

describe('JobPage', () => {
  beforeEach(() => localStorage.clear());

  it("names a translator's project without a link (its page is outside their scope) and shows their assignment notices", async () => {
    serveJob(jobDetail(4, segments));
    const offer = {
      id: 9,
      kind: 'assignment_offered',
      subject_type: 'job',
      subject_id: 4,
      link: '/work',
      text: 'editor offered you "page-4.xliff" to post-edit, due 2030-01-31 17:00 UTC',
      created_at: '2026-11-27T10:00:00Z',
      read_at: null,
    };
    server.use(
      http.get('*/api/notifications/unread-count', () => HttpResponse.json({ count: 1 })),
      http.get('*/api/notifications', () => HttpResponse.json([offer], { headers: { 'X-Total-Count': '1' } })),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(translatorUser) });
    expect(await screen.findByRole('heading', { name: 'page-4.xliff' })).toBeInTheDocument();
    expect(screen.getByText(/Website 1/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Website 1' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', { name: offer.text });
    expect(link).toHaveAttribute('href', '/work');
  });

  it('shows source and target side by side with their markup as tags, never as HTML, the first unconfirmed segment open', async () => {
    serveJob(jobDetail(4, segments));
    const { container } = renderApp('/job/4', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'page-4.xliff' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website 1' })).toHaveAttribute('href', '/translation/1');
    expect(rows()).toHaveLength(3);
    expect(screen.getByText(/0 of 3 segments confirmed \(0 from memory, 2 by MT\)/)).toBeInTheDocument();

    // The open row's target is the editor, its tags chips that keep their markup.
    const editor = target(1);
    expect(within(editor).getByText('<strong>')).toHaveAttribute('data-raw', '<strong>');
    expect(within(editor).getByText('<strong>')).toHaveAttribute('contenteditable', 'false');
    expect(stored(1)).toBe('Hallo <strong>Welt</strong>');
    expect(container.querySelector('strong[data-markup], img[src="x"]')).toBeNull();
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
    expect(within(rows()[1] as HTMLElement).getByRole('img', { name: 'QA warnings' })).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Segment details' });
    expect(within(panel).getByRole('heading', { name: 'Segment 1' })).toBeInTheDocument();
    expect(await within(panel).findByText('No match in the memory.')).toBeInTheDocument();
  });

  it("underlines the source's terms with their target on hover and lists them beside the segment, forbidden ones marked", async () => {
    const source = 'Go to <strong>checkout</strong>, not the Cart.';
    serveJob({
      ...jobDetail(4, [segment(1, { source })]),
      terms: [
        { source: 'checkout', targets: ['Kasse'], kind: 'preferred', case_sensitive: false },
        { source: 'cart', targets: ['Karre'], kind: 'forbidden', case_sensitive: false },
      ],
    });
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    const row = rows()[0] as HTMLElement;
    const underlined = Array.from(row.querySelectorAll('[data-term-kind]'), (node) => [
      node.textContent,
      node.getAttribute('data-term-kind'),
    ]);
    expect(underlined).toEqual([
      ['checkout', 'preferred'],
      ['Cart', 'forbidden'],
    ]);
    await user.hover(within(row).getByText('checkout'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('checkout → Kasse');
    const terms = within(screen.getByRole('region', { name: 'Terms' }));
    expect(terms.getByText('checkout → Kasse')).toBeInTheDocument();
    expect(terms.getByText('Forbidden')).toBeInTheDocument();
    expect(terms.getByText('cart: never "Karre"')).toBeInTheDocument();
  });

  it("shows as tags only the shortcodes the job's file lists", async () => {
    const source = 'Siehe [Hinweis] und [gallery ids="2"] [Gallery]';
    const xliff = segment(2, { source: '[CS] <g id="1">fett</g>', markup: 'xliff' });
    serveJob({ ...jobDetail(4, [segment(1, { source, target: source, status: 'reviewed' }), xliff]), shortcodes: ['gallery'] });
    renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    const markup = (row: HTMLElement) =>
      Array.from(row.querySelectorAll('[data-markup]'), (node) => [node.getAttribute('data-markup'), node.textContent]);

    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getAllByText(/Siehe \[Hinweis\] und/)).toHaveLength(2);
    expect(markup(first)).toEqual([
      ['shortcode', '[gallery]'],
      ['shortcode', '[gallery]'],
    ]);
    // The second, unconfirmed, is open: its XLIFF tags are chips in the source and the editor.
    expect(markup(second)).toEqual([
      ['tag', '<g>'],
      ['tag', '</g>'],
    ]);
    expect(target(2)).toBeInTheDocument();
  });

  it('shows any [name] as a shortcode in a job whose file lists none', async () => {
    serveJob({ ...jobDetail(4, [segment(1, { source: 'Siehe [Hinweis] hier' })]), shortcodes: null });
    renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    expect(within(rows()[0] as HTMLElement).getAllByText('[Hinweis]')[0]).toHaveAttribute('data-markup', 'shortcode');
  });

  it('filters by text, status and QA flags', async () => {
    serveJob(jobDetail(4, segments));
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });

    await user.type(screen.getByRole('textbox', { name: 'Filter segments' }), 'contact');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText(/1 of 3 segments/)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Filter segments' }));

    await user.click(screen.getByRole('checkbox', { name: 'Flagged only (1)' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText(/Preis:/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Flagged only (1)' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'New' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('Contact us')).toBeInTheDocument();
  });

  it('groups the segments by field on request, each group headed by its name and size', async () => {
    const title = { kind: 'title', label: 'Title' } as const;
    serveJob(jobDetail(4, [segment(1, { field: title }), segment(2), segment(3, { field: title })]));
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    const order = () => rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent.trim().charAt(0));
    expect(order()).toEqual(['1', '2', '3']);
    await user.click(screen.getByRole('checkbox', { name: 'Group by field' }));
    await waitFor(() => expect(order()).toEqual(['1', '3', '2']));
    expect(within(rows()[0] as HTMLElement).getByText('Title · 2')).toBeInTheDocument();
    expect(within(rows()[2] as HTMLElement).getByText('Custom fields · 1')).toBeInTheDocument();
  });

  it('renders only the rows in view of a long job', async () => {
    serveJob(jobDetail(4, Array.from({ length: 5000 }, (_, i) => segment(i + 1))));
    renderApp('/job/4', { session: sessionFor(adminUser) });
    const table = await screen.findByRole('table', { name: 'Segments' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(rows().length).toBeLessThan(30);
  });

  it('confirms with Ctrl+Enter, saving that segment alone, and opens the next unconfirmed one', async () => {
    const job = jobDetail(4, [...segments.slice(0, 1), segment(2, { status: 'reviewed', target: 'Fertig' }), ...segments.slice(2)]);
    const sent: (Saved & { id: number })[] = [];
    serveJob(job);
    serveSaves(job, sent);
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    target(1).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    // Segment 2 is confirmed already: the third opens.
    await waitFor(() => expect(target(3)).toHaveFocus());
    await waitFor(() => expect(sent).toEqual([{ id: 1, target: 'Hallo <strong>Welt</strong>', base_revision: 0, confirm: true }]));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getAllByRole('img', { name: 'Confirmed' })).toHaveLength(1));
    expect(screen.getByText(/2 of 3 segments confirmed/)).toBeInTheDocument();

    // Alt+Up goes back; Ctrl+Shift+S copies the source, confirmed again on its new revision.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(target(1)).toHaveFocus());
    await user.keyboard('{Control>}{Shift>}S{/Shift}{/Control}');
    expect(stored(1)).toBe('Hello <strong>world</strong>');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ id: 1, target: 'Hello <strong>world</strong>', base_revision: 1, confirm: true });
  });

  it('saves a plain edit as a draft after a pause in typing, and keeps it offline until saved', async () => {
    const job = jobDetail(4, segments);
    const sent: (Saved & { id: number })[] = [];
    serveJob(job);
    serveSaves(job, sent);
    renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    // Typed at the end (jsdom's selection cannot be moved by keys in an editable element).
    target(1).append('!');
    fireEvent.input(target(1));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 3000 });
    expect(sent[0]).toEqual({ id: 1, target: 'Hallo <strong>Welt</strong>!', base_revision: 0, confirm: false });
    await waitFor(() => expect(localStorage.getItem('wordmark.editor.4')).toBeNull());
    expect(within(screen.getByRole('complementary', { name: 'Segment details' })).getByText('Translated (draft)')).toBeInTheDocument();
  });

  it('sends an edit kept offline from an earlier visit, and shows one made on an older revision as a conflict', async () => {
    localStorage.setItem(
      'wordmark.editor.4',
      JSON.stringify({
        '1': { target: 'Offline Welt', base_revision: 0, confirm: true },
        '3': { target: 'Alt', base_revision: 7, confirm: false },
      }),
    );
    const job = jobDetail(4, segments);
    const sent: (Saved & { id: number })[] = [];
    serveJob(job);
    serveSaves(job, sent);
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    await waitFor(() => expect(sent).toEqual([{ id: 1, target: 'Offline Welt', base_revision: 0, confirm: true }]));
    expect(within(rows()[2] as HTMLElement).getByText('Not saved')).toBeInTheDocument();
    await user.click(within(rows()[2] as HTMLElement).getByText('Contact us'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saved by someone else meanwhile');
  });

  it("shows the server's refusal and a colleague's save with both texts, reloads theirs or saves over it", async () => {
    const sent: (Saved & { id: number })[] = [];
    let answer: 'refuse' | 'stale' | 'ok' = 'refuse';
    serveJob(jobDetail(4, segments));
    server.use(
      http.put('*/api/job/4/segments/:segment', async ({ request }) => {
        const body = (await request.json()) as Saved;
        sent.push({ id: 1, ...body });
        if (answer === 'refuse') {
          return HttpResponse.json({ message: 'Unit u1: the tag <strong> is missing in the target' }, { status: 422 });
        }
        if (answer === 'stale') {
          return HttpResponse.json(
            {
              message: 'Someone else saved this segment since you opened it ("u1").',
              conflicts: [{ id: 1, unit_key: 'u1', your_target: body.target, current_target: 'Von <strong>Kollegin</strong>', current_revision: 5 }],
            },
            { status: 409 },
          );
        }
        return HttpResponse.json({ ...segments[0], target: body.target, revision: body.base_revision + 1, status: 'reviewed', origin: 'editor' });
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    target(1).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    // The editor moved on; the refusal is told, and the segment marked.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Segment 1 was not saved: Unit u1: the tag <strong> is missing in the target'),
    );
    expect(within(rows()[0] as HTMLElement).getByText('Not saved')).toBeInTheDocument();

    answer = 'stale';
    await user.click(within(rows()[0] as HTMLElement).getByText('Not saved'));
    expect(await screen.findByText('Unit u1: the tag <strong> is missing in the target')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Saved by someone else meanwhile'));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('<strong>')).toHaveAttribute('data-markup', 'tag');

    await user.click(within(alert).getByRole('button', { name: 'Reload their text' }));
    expect(stored(1)).toBe('Von <strong>Kollegin</strong>');
    answer = 'ok';
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({ id: 1, target: 'Von <strong>Kollegin</strong>', base_revision: 5, confirm: true });
  });

  it('inserts a memory match with Ctrl+1 and the missing tag with F9, and lists every shortcut with F1', async () => {
    serveJob(jobDetail(4, [segment(1, { source: 'Hello <b>world</b>' })]));
    server.use(
      http.get('*/api/job/4/segments/1/matches', () =>
        HttpResponse.json([
          {
            score: 92,
            entry: {
              id: 8,
              source_lang: 'en',
              target_lang: 'de',
              markup: 'html',
              source: 'Hello <b>big world</b>',
              target: 'Hallo <b>Welt',
              resname: null,
              origin: 'editor',
              updated_at: '2026-11-01T10:00:00Z',
              props: [],
            },
          },
        ]),
      ),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    const matches = await screen.findByRole('region', { name: 'Memory matches' });
    expect(await within(matches).findByText('92 %')).toBeInTheDocument();
    target(1).focus();
    await user.keyboard('{Control>}1{/Control}');
    expect(stored(1)).toBe('Hallo <b>Welt');
    await user.keyboard('{F9}');
    expect(stored(1)).toBe('Hallo <b>Welt</b>');
    await user.keyboard('{F9}');
    expect(screen.getByRole('status')).toHaveTextContent('No tag of the source is missing.');

    await user.keyboard('{F1}');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const keys of ['Ctrl+Enter', 'Ctrl+K', 'Ctrl+H', 'F8', 'Ctrl+1 … Ctrl+9', 'Ctrl+Shift+S']) {
      expect(within(help).getByText(keys)).toBeInTheDocument();
    }
  });

  it("searches the client's memory through the job with Ctrl+K and inserts a result at the cursor", async () => {
    serveJob(jobDetail(4, [segment(1, { source: 'Hello', target: '' })]));
    const asked: string[] = [];
    server.use(
      http.get('*/api/job/4/concordance', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([
          {
            id: 5,
            source_lang: 'en',
            target_lang: 'de',
            markup: 'html',
            source: 'Hello <b>there</b>',
            target: 'Hallo <b>du</b>',
            resname: null,
            origin: 'editor',
            updated_at: '2026-11-01T10:00:00Z',
            props: [],
          },
        ]);
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    target(1).focus();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: "Concordance: the client's memory" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Text in the source or the translation' }), 'hello{Enter}');
    const results = await within(dialog).findByRole('table', { name: 'Concordance results' });
    expect(asked).toEqual(['hello']);
    expect(within(results).getAllByText('<b>')[0]).toHaveAttribute('data-markup', 'tag');
    await user.click(within(results).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(stored(1)).toBe('Hallo <b>du</b>'));
  });

  it('finds and replaces in the targets with a preview, never in the markup, and undoes it', async () => {
    const job = jobDetail(4, [
      segment(1, { target: 'Welt <a title="Welt">Welt</a>', source: 'World <a title="World">World</a>' }),
      segment(2, { target: 'Keine' }),
      segment(3, { target: 'Hallo Welt' }),
    ]);
    const sent: (Saved & { id: number })[] = [];
    serveJob(job);
    serveSaves(job, sent);
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    target(1).focus();
    await user.keyboard('{Control>}h{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find and replace in the job' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Find' }), 'welt');
    await user.type(within(dialog).getByRole('textbox', { name: 'Replace with' }), 'Erde');
    expect(within(dialog).getByText('3 replacements in 2 segments')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replace in 2 segments' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((save) => [save.id, save.target, save.confirm])).toEqual([
      [1, 'Erde <a title="Welt">Erde</a>', false],
      [3, 'Hallo Erde', false],
    ]);
    await user.click(screen.getByRole('button', { name: 'Undo the replacement' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent.slice(2).map((save) => [save.id, save.target, save.base_revision])).toEqual([
      [1, 'Welt <a title="Welt">Welt</a>', 1],
      [3, 'Hallo Welt', 1],
    ]);
  });

  it('goes to the next segment with a QA warning with F8 and acknowledges it with Ctrl+Shift+A', async () => {
    serveJob(jobDetail(4, segments));
    const acknowledged: unknown[] = [];
    server.use(
      http.post('*/api/job/4/segments/2/qa/acknowledge', async ({ request }) => {
        const flag = (await request.json()) as { kind: string; message: string };
        acknowledged.push(flag);
        return HttpResponse.json({ ...segments[1], qa_acknowledged: [{ ...flag, by: 'admin', at: '2026-12-01T10:00:00Z' }] });
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    target(1).focus();
    await user.keyboard('{F8}');
    await waitFor(() => expect(target(2)).toHaveFocus());
    const warnings = within(screen.getByRole('region', { name: 'QA warnings' }));
    expect(warnings.getByText('Number 42 of the source is missing')).toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}A{/Shift}{/Control}');
    expect(await warnings.findByText(/Acknowledged by admin/)).toBeInTheDocument();
    expect(acknowledged).toEqual([{ kind: 'number_missing', message: 'Number 42 of the source is missing' }]);
    // Nothing else to go to: no other segment has an open warning.
    await user.keyboard('{F8}');
    expect(screen.getByRole('status')).toHaveTextContent('No other segment has a QA warning.');
  });
});

describe('JobPage and the customer review', () => {
  it('shows an open review draft beside the open segment, to take with one click', async () => {
    const reviewed = { ...segment(1, { source: 'Hello', target: 'Hallo' }), review_draft: 'Grüß Gott', revision: 3 };
    serveJob(jobDetail(4, [reviewed]));
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    const draft = await screen.findByRole('region', { name: "Customer's review draft" });
    expect(within(draft).getByText('Grüß Gott')).toBeInTheDocument();
    await user.click(within(draft).getByRole('button', { name: 'Use it' }));
    expect(stored(1)).toBe('Grüß Gott');
  });

  it("shows a segment's history and comments beside it", async () => {
    serveJob(jobDetail(4, segments));
    const resolved: boolean[] = [];
    server.use(
      http.get('*/api/job/4/segments/1/history', () =>
        HttpResponse.json([
          { id: 1, changed_at: '2026-11-20T10:00:00Z', actor_kind: 'system', actor_name: null, source: 'mt', previous_target: null, new_target: 'Hallo Welt' },
          { id: 2, changed_at: '2026-11-21T10:00:00Z', actor_kind: 'review_link', actor_name: 'Rita', source: 'review', previous_target: 'Hallo Welt', new_target: 'Hallo <strong>Welt</strong>' },
        ]),
      ),
      http.get('*/api/job/4/comments', () =>
        HttpResponse.json([
          {
            segment_id: 1,
            job_id: 4,
            file_name: 'page-4.xliff',
            unit_key: 'unit-1',
            source: 'Hello',
            target: null,
            resolved_at: resolved.at(-1) === true ? '2026-11-22T10:00:00Z' : null,
            comments: [{ id: 3, author_kind: 'staff', author_name: 'editor', body: 'Keep the brand name.', created_at: '2026-11-21T11:00:00Z' }],
          },
        ]),
      ),
      http.post('*/api/job/4/comments/1/resolve', async ({ request }) => {
        resolved.push(((await request.json()) as { resolved: boolean }).resolved);
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    const comments = within(await screen.findByRole('region', { name: 'Comments' }));
    expect(await comments.findByText('Keep the brand name.')).toBeInTheDocument();
    await user.click(comments.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(comments.getByText('Resolved')).toBeInTheDocument());
    expect(resolved).toEqual([true]);

    await user.click(screen.getByRole('button', { name: 'Show the history of segment 1' }));
    const history = within(await screen.findByRole('list', { name: 'History' }));
    expect(await history.findByText('Machine translation')).toBeInTheDocument();
    expect(history.getByText(/Review link \(Rita\)/)).toBeInTheDocument();
    expect(history.getByText('Customer review')).toBeInTheDocument();
  });
});
