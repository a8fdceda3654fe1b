import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const preview = {
  email: 'kim@example.com',
  first_name: 'Kim',
  last_name: 'Lee',
  role: 'customer',
  agency: 'Agentur',
  expires_at: '2026-12-01T10:00:00Z',
};

describe('InvitePage', () => {
  it('shows who is invited and creates the account with the chosen password', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/invite/tok', () => HttpResponse.json(preview)),
      http.post('*/api/invite/tok/accept', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ username: 'kim@example.com' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/invite/tok');
    expect(await screen.findByText(/Agentur invites Kim Lee \(kim@example.com\) as customer/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^new password/i), 'a long new password');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Your account is ready. Log in as kim@example.com.')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'a long new password', confirm_password: 'a long new password' });
  });

  it('says why a used or expired invitation cannot be accepted', async () => {
    server.use(
      http.get('*/api/invite/old', () =>
        HttpResponse.json({ message: 'This invitation has expired: ask for a new one.' }, { status: 410 }),
      ),
    );
    renderApp('/invite/old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation has expired');
  });
});
