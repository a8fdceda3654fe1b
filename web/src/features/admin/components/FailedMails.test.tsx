import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const givenUp = {
  id: 5,
  recipient: 'kim@example.com',
  subject: 'Reset your Wordmark password',
  created_at: '2026-11-27T10:00:00Z',
  attempts: 10,
  next_attempt_at: '2026-11-27T18:00:00Z',
  delivered_at: null,
  last_error: 'permanent error (550): mailbox unavailable',
  given_up: true,
};

describe('FailedMails', () => {
  it('lists the failed mails with their last answer and sends one again', async () => {
    let failed = [givenUp];
    const retried: string[] = [];
    server.use(
      http.get('*/api/outbox', ({ request }) => {
        expect(new URL(request.url).searchParams.get('state')).toBe('failed');
        return HttpResponse.json(failed, { headers: { 'X-Total-Count': String(failed.length) } });
      }),
      http.post('*/api/outbox/5/retry', ({ request }) => {
        retried.push(new URL(request.url).pathname);
        failed = [];
        return HttpResponse.json({ ...givenUp, given_up: false, attempts: 0 });
      }),
    );
    const { user } = renderApp('/admin?tab=mail', { session: sessionFor(adminUser) });
    expect(await screen.findByText('Given up after 10 attempts')).toBeInTheDocument();
    expect(screen.getByText('permanent error (550): mailbox unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send the mail to kim@example.com again' }));
    await waitFor(() => expect(retried).toEqual(['/api/outbox/5/retry']));
    expect(await screen.findByText('No mail failed.')).toBeInTheDocument();
  });
});
