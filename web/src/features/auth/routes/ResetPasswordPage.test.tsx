import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

describe('ResetPasswordPage', () => {
  it('checks the password before sending it, then confirms', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/password-reset/abc', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ username: 'ada' });
      }),
    );
    const { user } = renderApp('/login/reset/abc');
    await user.type(screen.getByLabelText(/^new password/i), 'short');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'other');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('The password needs at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.clear(screen.getByLabelText(/^new password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'a long new password');
    await user.clear(screen.getByLabelText(/^repeat the password/i));
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a long new password');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/your password is changed, ada/i)).toBeInTheDocument();
    expect(sent).toEqual({ password: 'a long new password', confirm_password: 'a long new password' });
  });

  it('shows why a used link is refused', async () => {
    server.use(
      http.post('*/api/password-reset/used', () =>
        HttpResponse.json({ message: 'This password reset link was used or has expired: ask for a new one.' }, { status: 410 }),
      ),
    );
    const { user } = renderApp('/login/reset/used');
    await user.type(screen.getByLabelText(/^new password/i), 'a long new password');
    await user.type(screen.getByLabelText(/^repeat the password/i), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('was used or has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login/lost-password');
  });
});
