import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { reviewLink, thread, comment } from '../../../test/review';
import { server } from '../../../test/server';
import { project } from '../../../test/translation';
import type { ReviewLink } from '../browserReviewApi';
import { checkReviewLink } from './SendReviewLink';

function serve(links: ReviewLink[]) {
  const calls: { path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ path: new URL(request.url).pathname + new URL(request.url).search, body: text === '' ? null : JSON.parse(text) });
  };
  server.use(
    http.get('*/api/translation/1', () => HttpResponse.json(project(1, { status: 'Pretranslated' }))),
    http.get('*/api/translation/1/review-links', () => HttpResponse.json(links)),
    http.post('*/api/translation/1/review-links', async ({ request }) => {
      await record(request);
      // With SMTP, a reviewer's address has the link mailed.
      const mailQueued = calls.at(-1)?.body !== null && 'reviewer_email' in (calls.at(-1)?.body as object);
      return HttpResponse.json({ link: reviewLink(9), token: 'abc', path: '/review/abc', mail_queued: mailQueued }, { status: 201 });
    }),
    http.post('*/api/translation/1/review-links/:linkId/:action', async ({ request }) => {
      await record(request);
      return HttpResponse.json(reviewLink(1, { state: 'revoked' }));
    }),
    http.get('*/api/translation/1/comments', async ({ request }) => {
      await record(request);
      return HttpResponse.json([thread(5, { comments: [comment(1, { body: 'Wrong term here' })] })]);
    }),
    http.post('*/api/translation/1/comments', async ({ request }) => {
      await record(request);
      return HttpResponse.json(comment(2, { author_kind: 'staff', author_name: 'admin' }), { status: 201 });
    }),
    http.post('*/api/translation/1/comments/5/resolve', async ({ request }) => {
      await record(request);
      return HttpResponse.json(thread(5, { resolved_at: '2026-11-24T10:00:00Z' }));
    }),
  );
  return calls;
}

describe('checkReviewLink', () => {
  it('checks the expiry range, the note length and the e-mail, and leaves empty fields out', () => {
    expect(checkReviewLink({ days: 14, note: ' ', name: '', email: '' })).toEqual({ errors: {}, body: { expires_in_days: 14 } });
    expect(checkReviewLink({ days: 0, note: 'x'.repeat(4001), name: '', email: 'rita@' }).errors).toEqual({
      days: 'Between 1 and 90 days',
      note: 'At most 4000 characters',
      email: 'Not an e-mail address',
    });
    expect(checkReviewLink({ days: 91, note: '', name: '', email: '' }).errors.days).toBeDefined();
    expect(checkReviewLink({ days: '', note: '', name: '', email: '' }).errors.days).toBeDefined();
    expect(checkReviewLink({ days: 30, note: 'Hi', name: ' Rita ', email: 'rita@example.com' }).body).toEqual({
      expires_in_days: 30,
      note: 'Hi',
      reviewer_name: 'Rita',
      reviewer_email: 'rita@example.com',
    });
  });
});

describe('ReviewLinksPanel', () => {
  it('creates a link after checking the fields and shows it once with a copy button', async () => {
    const calls = serve([]);
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    expect(await screen.findByText('No review link was sent for this project yet.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Send review link' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Send review link' });
    const email = within(dialog).getByRole('textbox', { name: "Reviewer's e-mail" });
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByText('Not an e-mail address')).toBeInTheDocument();
    const linkCalls = () => calls.filter((call) => call.path.includes('/review-links'));
    expect(linkCalls()).toEqual([]);
    await user.clear(email);
    await user.type(email, 'rita@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Note to the customer/ }), 'Please look at the prices');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Review link' });
    expect(link).toHaveValue(`${window.location.origin}/review/abc`);
    expect(within(dialog).getByText(/A mail with this link is on its way to rita@example.com/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(linkCalls()).toEqual([
      { path: '/api/translation/1/review-links', body: { expires_in_days: 14, note: 'Please look at the prices', reviewer_email: 'rita@example.com' } },
    ]);
  });

  it('lists the links and revokes one after asking', async () => {
    const calls = serve([
      reviewLink(1, { first_opened_at: '2026-11-21T08:00:00Z', segments_reviewed: 12, comments_open: 2 }),
      reviewLink(2, { state: 'submitted', submitted_at: '2026-11-22T08:00:00Z', created_by: null }),
    ]);
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('active')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('12')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('by a deleted user')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/translation/1/review-links/1/revoke'));
  });

  it('extends a link by the days chosen', async () => {
    const calls = serve([reviewLink(1)]);
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('button', { name: 'Extend' }));
    const days = await screen.findByRole('textbox', { name: 'Valid for another (days)' });
    await user.clear(days);
    await user.type(days, '95');
    expect(screen.getByRole('button', { name: 'Extend link' })).toBeDisabled();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Extend link' }));
    await waitFor(() => expect(calls).toContainEqual({ path: '/api/translation/1/review-links/1/extend', body: { days: 30 } }));
  });

  it('shows the comment threads with reply and resolve', async () => {
    const calls = serve([reviewLink(1)]);
    const { user } = renderApp('/translation/1', { session: sessionFor(adminUser) });
    await user.click(await screen.findByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('Wrong term here')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Fixed, thanks');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls).toContainEqual({ path: '/api/translation/1/comments', body: { segment_id: 5, body: 'Fixed, thanks' } }));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(calls).toContainEqual({ path: '/api/translation/1/comments/5/resolve', body: { resolved: true } }));
    expect(calls[0]?.path).toBe('/api/translation/1/comments?state=open');
  });
});
