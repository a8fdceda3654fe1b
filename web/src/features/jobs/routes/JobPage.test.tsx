import { screen, waitFor, within } from '@testing-library/react';
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
  return screen.getAllByRole('row').slice(1);
}

function serveJob(detail: JobDetail) {
  server.use(
    http.get('*/api/job/4', () => HttpResponse.json(detail)),
    // No memory matches: the editor shows none.
    http.get('*/api/job/4/segments/:segment/matches', () => HttpResponse.json([])),
  );
}

describe('JobPage', () => {
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

  it('shows segments with their markup as tags, never as HTML', async () => {
    serveJob(jobDetail(4, segments));
    const { container } = renderApp('/job/4', { session: sessionFor(adminUser) });
    expect(await screen.findByRole('heading', { name: 'page-4.xliff' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website 1' })).toHaveAttribute('href', '/translation/1');
    expect(rows()).toHaveLength(3);
    expect(screen.getByText('3 segments, 0 translated (0 from memory, 2 by MT)')).toBeInTheDocument();

    const first = within(rows()[0] as HTMLElement);
    expect(first.getAllByText('<strong>')[0]).toHaveAttribute('data-markup', 'tag');
    expect(first.getByText('Translated')).toBeInTheDocument();
    expect(first.getByText('MT')).toBeInTheDocument();
    expect(container.querySelector('strong[data-markup], img[src="x"]')).toBeNull();
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
    expect(within(rows()[1] as HTMLElement).getByText('number missing')).toBeInTheDocument();
  });

  it("underlines the source's terms with their target on hover", async () => {
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
  });

  it("shows as tags only the shortcodes the job's file lists", async () => {
    const source = 'Siehe [Hinweis] und [gallery ids="2"] [Gallery]';
    const xliff = segment(2, { source: '[CS] <g id="1">fett</g>', markup: 'xliff' });
    serveJob({ ...jobDetail(4, [segment(1, { source, target: source }), xliff]), shortcodes: ['gallery'] });
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    const markup = (row: HTMLElement) =>
      Array.from(row.querySelectorAll('[data-markup]'), (node) => [node.getAttribute('data-markup'), node.textContent]);

    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getAllByText(/Siehe \[Hinweis\] und/)).toHaveLength(2);
    expect(markup(first)).toEqual([
      ['shortcode', '[gallery]'],
      ['shortcode', '[gallery]'],
    ]);
    expect(markup(second)).toEqual([
      ['tag', '<g>'],
      ['tag', '</g>'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Edit segment 1' }));
    expect(markup(rows()[0] as HTMLElement)).toEqual([['shortcode', '[gallery]']]);
    // The source above the editor; the target, plain text too, is in the text box.
    expect(within(rows()[0] as HTMLElement).getByText(/Siehe \[Hinweis\] und/, { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveValue(source);
  });

  it('shows any [name] as a shortcode in a job whose file lists none', async () => {
    serveJob({ ...jobDetail(4, [segment(1, { source: 'Siehe [Hinweis] hier' })]), shortcodes: null });
    renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    expect(within(rows()[0] as HTMLElement).getByText('[Hinweis]')).toHaveAttribute('data-markup', 'shortcode');
  });

  it('filters by text, status and QA flags', async () => {
    serveJob(jobDetail(4, segments));
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });

    await user.type(screen.getByRole('textbox', { name: 'Filter segments' }), 'contact');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('1 of 3 segments')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Filter segments' }));

    await user.click(screen.getByRole('checkbox', { name: 'Flagged only (1)' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('Needs review')).toBeInTheDocument();
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

  it("saves an edited target and shows the server's refusal", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    serveJob(jobDetail(4, segments));
    server.use(
      http.put('*/api/job/4', async ({ request }) => {
        const body = (await request.json()) as { segments: { id: number; target: string }[] };
        sent.push(body.segments);
        if (refuse) {
          return HttpResponse.json({ message: 'Unit u1: the tag <strong> is missing in the target' }, { status: 422 });
        }
        return HttpResponse.json(
          jobDetail(4, [{ ...(segments[0] ?? segment(1)), target: 'Hallo Welt!', origin: 'editor', status: 'reviewed' }, ...segments.slice(1)]),
        );
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Edit segment 1' }));
    const target = screen.getByRole('textbox', { name: 'Target' });
    expect(target).toHaveValue('Hallo <strong>Welt</strong>');
    await user.clear(target);
    await user.type(target, 'Hallo Welt!');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByText('Unit u1: the tag <strong> is missing in the target')).toBeInTheDocument();
    expect(sent).toEqual([[{ id: 1, target: 'Hallo Welt!', base_revision: 0 }]]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Target' })).not.toBeInTheDocument());
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByText('Hallo Welt!')).toBeInTheDocument();
    expect(first.getByText('Reviewed')).toBeInTheDocument();
    expect(first.getByText('Editor')).toBeInTheDocument();
  });

  it('shows a save refused because a colleague saved first, with both texts, and saves over it on request', async () => {
    const sent: unknown[] = [];
    serveJob(jobDetail(4, segments));
    server.use(
      http.put('*/api/job/4', async ({ request }) => {
        const body = (await request.json()) as { segments: { base_revision: number }[] };
        sent.push(body.segments);
        if (body.segments[0]?.base_revision === 0) {
          return HttpResponse.json(
            {
              message: 'Someone else saved this segment since you opened it ("u1").',
              conflicts: [{ id: 1, unit_key: 'u1', your_target: 'Meins', current_target: 'Von <strong>Kollegin</strong>', current_revision: 5 }],
            },
            { status: 409 },
          );
        }
        return HttpResponse.json(jobDetail(4, [{ ...(segments[0] ?? segment(1)), target: 'Meins', revision: 6 }, ...segments.slice(1)]));
      }),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Edit segment 1' }));
    const target = screen.getByRole('textbox', { name: 'Target' });
    await user.clear(target);
    await user.type(target, 'Meins');
    await user.click(screen.getByRole('button', { name: 'Save target' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Saved by someone else meanwhile');
    expect(within(alert).getByText('<strong>')).toHaveAttribute('data-markup', 'tag');
    expect(target).toHaveValue('Meins');

    await user.click(within(alert).getByRole('button', { name: 'Use their text' }));
    expect(target).toHaveValue('Von <strong>Kollegin</strong>');
    await user.clear(target);
    await user.type(target, 'Meins');
    // Saved again, now on the revision the conflict named.
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Target' })).not.toBeInTheDocument());
    expect(sent).toEqual([
      [{ id: 1, target: 'Meins', base_revision: 0 }],
      [{ id: 1, target: 'Meins', base_revision: 5 }],
    ]);
  });
});

describe('JobPage and the customer review', () => {
  it('shows an open review draft beside the target, in the row and in the editor', async () => {
    const reviewed = { ...segment(1, { source: 'Hello', target: 'Hallo' }), review_draft: 'Grüß Gott', revision: 3 };
    serveJob(jobDetail(4, [reviewed]));
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    const row = within(rows()[0] as HTMLElement);
    expect(row.getByText('Review draft')).toBeInTheDocument();
    expect(row.getByText('Grüß Gott')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Edit segment 1' }));
    expect(screen.getByText("Customer's review draft (not applied yet)")).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Use it' }).at(-1) as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveValue('Grüß Gott');
  });

  it("opens a segment's history: who, when, from what, and the text before", async () => {
    serveJob(jobDetail(4, segments));
    server.use(
      http.get('*/api/job/4/segments/1/history', () =>
        HttpResponse.json([
          { id: 1, changed_at: '2026-11-20T10:00:00Z', actor_kind: 'system', actor_name: null, source: 'mt', previous_target: null, new_target: 'Hallo Welt' },
          { id: 2, changed_at: '2026-11-21T10:00:00Z', actor_kind: 'review_link', actor_name: 'Rita', source: 'review', previous_target: 'Hallo Welt', new_target: 'Hallo <strong>Welt</strong>' },
        ]),
      ),
    );
    const { user } = renderApp('/job/4', { session: sessionFor(adminUser) });
    await screen.findByRole('table', { name: 'Segments' });
    await user.click(screen.getByRole('button', { name: 'History of segment 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of segment 1' });
    const changes = within(dialog).getAllByRole('row').slice(1);
    expect(changes).toHaveLength(2);
    expect(within(changes[0] as HTMLElement).getByText('Machine translation')).toBeInTheDocument();
    expect(within(changes[0] as HTMLElement).getByText('System')).toBeInTheDocument();
    expect(within(changes[1] as HTMLElement).getByText('Review link (Rita)')).toBeInTheDocument();
    expect(within(changes[1] as HTMLElement).getByText('Customer review')).toBeInTheDocument();
    const cells = within(changes[1] as HTMLElement).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('Hallo Welt');
    expect(cells[4]?.querySelector('[data-markup="tag"]')).toHaveTextContent('<strong>');
  });
});
