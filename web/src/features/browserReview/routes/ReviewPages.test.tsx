import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/render';
import { fakeReview, reviewHandlers, reviewSegment, comment } from '../../../test/review';
import { server } from '../../../test/server';
import { TAG_REFUSED } from '../components/TagEditor';

const TOKEN = 'tok123';
const staffSession = {
  token: 'staff-token',
  user_object: { username: 'admin', first_name: 'A', last_name: 'D', email: 'a@example.com', role: 'admin' as const, permissions: [] },
};

function segments() {
  return [
    reviewSegment(1, { source: 'Welcome', target: 'Willkommen' }),
    reviewSegment(2, { source: 'Read the <b>terms</b> now', target: 'Lies die <b>AGB</b> jetzt', mt_target: 'Lesen Sie die <b>Bedingungen</b>' }),
    reviewSegment(3, { source: 'Contact us', target: 'Kontakt', approved: true, comments: [comment(1, { body: 'Is this right?' })] }),
    reviewSegment(4, { translatable: false, source: '[gallery]', target: null }),
  ];
}

// jsdom lays nothing out: give the list's viewport a size, or the windowed list shows no row.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

const field = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Translation' });

describe('review start page', () => {
  it('shows the project, its pages, the note and the client logo, without the staff token', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    renderApp(`/review/${TOKEN}`, { session: staffSession as never });
    expect(await screen.findByRole('heading', { name: 'Website relaunch' })).toBeInTheDocument();
    expect(screen.getByText('Please check the legal page first.')).toBeInTheDocument();
    expect(screen.getByText('Review by Wordmark Agency')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme' })).toHaveAttribute('src', `/api/review/${TOKEN}/logo`);
    expect(screen.getByRole('link', { name: 'page-10.xliff' })).toHaveAttribute('href', `/review/${TOKEN}/job/10`);
    expect(screen.getByRole('progressbar', { name: 'page-10.xliff: 1 of 3 approved' })).toBeInTheDocument();
    // No sidebar or sign-in: the app shell is not there.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(fake.authorization).toEqual([null]);
  });

  it.each([
    [410, { message: 'This review link expired on 1 Nov 2026.' }, 'This review link can no longer be used', 'This review link expired on 1 Nov 2026.'],
    [404, { message: 'Review link not found' }, 'Review link not found', 'This review link does not exist.'],
    [429, { message: 'Too many' }, 'Too many attempts', 'Please wait a few minutes'],
  ])('answers %i with a page of its own', async (status, body, title, text) => {
    server.use(http.get(`*/api/review/${TOKEN}`, () => HttpResponse.json(body, { status })));
    renderApp(`/review/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
  });

  it('submits after a confirmation with the counts, then thanks with refused drafts linked', async () => {
    const fake = fakeReview(segments(), {
      submitted: {
        applied: 2,
        unchanged: 1,
        approved: 1,
        comments: 2,
        refused: [{ segment_id: 2, job_id: 10, file_name: 'page-10.xliff', unit_key: 'body', reason: 'Tag <b> is missing' }],
      },
    });
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Submit review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1 of 3 segments changed, 1 approved, 2 with open comments/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(screen.getByText('Changes applied').previousSibling).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'page-10.xliff · body' })).toHaveAttribute('href', `/review/${TOKEN}/job/10?segment=2`);
    expect(screen.getByText(/Tag <b> is missing/)).toBeInTheDocument();
  });
});

describe('review page view', () => {
  it('lists the translatable segments and builds a script-free, request-free preview', async () => {
    server.use(...reviewHandlers(TOKEN, fakeReview(segments())));
    renderApp(`/review/${TOKEN}/job/10`);
    expect(await screen.findByRole('heading', { name: 'page-10.xliff' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const frame = screen.getByTitle('Page preview');
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    const html = frame.getAttribute('srcdoc') ?? '';
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).toContain('<h1 class="wm-seg" data-seg="1">Willkommen</h1>');
    expect(html).toContain('<div class="wm-fixed">[gallery]</div>');
  });

  it('autosaves an edit with its tags intact and refuses one that would break a tag', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10?segment=2`);
    await waitFor(() => expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt'));
    // Deleting a placeholder's character is refused and said why.
    fireEvent.change(field(), { target: { value: 'Lies die ⟦1:<b⟧AGB⟦2:</b>⟧ jetzt' } });
    expect(await screen.findByText(TAG_REFUSED)).toBeInTheDocument();
    expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt');
    await user.clear(field());
    expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt');
    await user.type(field(), '!');
    await waitFor(() => expect(fake.saves).toEqual([{ id: 2, text: 'Lies die <b>AGB</b> jetzt!', base_revision: 1 }]));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('removes a tag only through the explicit action, which the QA then reports', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10?segment=2`);
    await waitFor(() => expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt'));
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: '⟦1:<b>⟧' }));
    await user.click(screen.getByRole('button', { name: 'Remove tag' }));
    expect(field()).toHaveValue('Lies die AGB⟦2:</b>⟧ jetzt');
    expect(await screen.findByText('Tag removed: <b>')).toBeInTheDocument();
    await waitFor(() => expect(fake.saves.at(-1)?.text).toBe('Lies die AGB</b> jetzt'));
    expect(await screen.findByText('Tag <b> missing')).toBeInTheDocument();
    // Put back at the start: a move.
    field().setSelectionRange(0, 0);
    fireEvent.select(field());
    await user.click(screen.getByRole('button', { name: 'Insert tag at cursor' }));
    expect(field()).toHaveValue('⟦1:<b>⟧Lies die AGB⟦2:</b>⟧ jetzt');
  });

  it('shows the other version after a refused save: keep mine saves again on the new revision', async () => {
    const fake = fakeReview(segments());
    fake.conflictOn.set(1, { text: 'Hallo (vom Büro)', revision: 5 });
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    await waitFor(() => expect(field()).toHaveValue('Willkommen'));
    await user.type(field(), '!');
    fireEvent.blur(field());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Hallo (vom Büro)')).toBeInTheDocument();
    expect(screen.getByText('Some changes are not saved')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(fake.saves.at(-1)).toEqual({ id: 1, text: 'Willkommen!', base_revision: 5 }));
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
  });

  it('takes their version when asked', async () => {
    const fake = fakeReview(segments());
    fake.conflictOn.set(1, { text: 'Hallo (vom Büro)', revision: 5 });
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    await waitFor(() => expect(field()).toHaveValue('Willkommen'));
    await user.type(field(), '!');
    fireEvent.blur(field());
    await user.click(await screen.findByRole('button', { name: 'Take theirs' }));
    expect(field()).toHaveValue('Hallo (vom Büro)');
    expect(fake.saves).toHaveLength(1);
  });

  it('approves with Ctrl+Enter and goes to the next segment; Alt+arrows step; comments and reverts', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    await waitFor(() => expect(field()).toHaveValue('Willkommen'));
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt'));
    await waitFor(() => expect(fake.job.segments[0]?.approved).toBe(true));
    expect(screen.getByRole('button', { name: /^Segment ?1 ?Title ?Welcome.*Approved/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revert to machine translation' }));
    await waitFor(() => expect(field()).toHaveValue('Lesen Sie die ⟦1:<b>⟧Bedingungen⟦2:</b>⟧'));

    fireEvent.keyDown(field(), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(field()).toHaveValue('Kontakt'));
    expect(screen.getByText('Is this right?')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Use “Kontakt” here');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Use “Kontakt” here')).toBeInTheDocument();
    fireEvent.keyDown(field(), { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(field()).toHaveValue('Lesen Sie die ⟦1:<b>⟧Bedingungen⟦2:</b>⟧'));
  });

  it('filters by state and searches source and translation', async () => {
    server.use(...reviewHandlers(TOKEN, fakeReview(segments())));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    await screen.findByRole('heading', { name: 'page-10.xliff' });
    await user.click(screen.getByText('With comments (1)'));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByText('Not approved (2)'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByText('All (3)'));
    await user.type(screen.getByRole('textbox', { name: 'Search source and translation' }), 'agb');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('labels each segment with its field and filters by field', async () => {
    const fake = fakeReview([
      ...segments(),
      reviewSegment(5, { source: 'Blue shirts, made to last', target: 'Blaue Hemden', field: { kind: 'seo_description', label: 'Meta description (Yoast SEO)' } }),
    ]);
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    expect(await screen.findByText('Segment 1 · Title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Meta description \(Yoast SEO\)/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'SEO description (1)' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    const frame = screen.getByTitle('Page preview').getAttribute('srcdoc') ?? '';
    expect(frame).toContain('<dt>Meta description (Yoast SEO)</dt><dd class="wm-seg" data-seg="5">Blaue Hemden</dd>');
  });

  it('is read-only after submitting, showing translations with tags as marks, not placeholders', async () => {
    const fake = fakeReview(segments());
    fake.start = { ...fake.start, read_only: true, submitted_at: '2026-11-24T12:00:00Z' };
    server.use(...reviewHandlers(TOKEN, fake));
    renderApp(`/review/${TOKEN}/job/10?segment=2`);
    const translation = await screen.findByRole('group', { name: 'Translation' });
    expect(translation).toHaveTextContent('Lies die');
    expect(translation).not.toHaveTextContent('⟦');
    expect(screen.queryByRole('textbox', { name: 'Translation' })).not.toBeInTheDocument();
    expect(screen.getByText(/This review was submitted on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add comment' })).not.toBeInTheDocument();
  });

  it('settles the save indicator when an edit is typed back to what the server has', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}/job/10`);
    await waitFor(() => expect(field()).toHaveValue('Willkommen'));
    await user.type(field(), 'x');
    await user.type(field(), '{Backspace}');
    expect(field()).toHaveValue('Willkommen');
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved')).not.toBeInTheDocument();
    expect(fake.saves).toEqual([]);
  });
});

describe('review progress', () => {
  it('shows approvals and comments on the start page and in the submit confirmation without a reload', async () => {
    const fake = fakeReview(segments());
    server.use(...reviewHandlers(TOKEN, fake));
    const { user } = renderApp(`/review/${TOKEN}`);
    await user.click(await screen.findByRole('link', { name: 'page-10.xliff' }));
    await waitFor(() => expect(field()).toHaveValue('Willkommen'));
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(field()).toHaveValue('Lies die ⟦1:<b>⟧AGB⟦2:</b>⟧ jetzt'));
    await waitFor(() => expect(fake.job.segments[0]?.approved).toBe(true));
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.job.segments[1]?.approved).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Fine');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Fine')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'All pages' }));
    expect(await screen.findByRole('progressbar', { name: 'page-10.xliff: 3 of 3 approved' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/3 approved, 3 with open comments/)).toBeInTheDocument();

    // Back on the page, the approvals are there too (not the first visit's copy).
    await user.click(within(dialog).getByRole('button', { name: 'Keep reviewing' }));
    await user.click(screen.getByRole('link', { name: 'page-10.xliff' }));
    expect(await screen.findByRole('button', { name: /^Segment ?2 .*Approved/ })).toBeInTheDocument();
  });
});
