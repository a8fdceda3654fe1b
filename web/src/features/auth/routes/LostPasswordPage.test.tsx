import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const availability = (available: boolean) =>
  http.get('*/api/password-reset', () => HttpResponse.json({ available }));

/** Waits until the server said whether it mails links (the button waits for it too). */
const ready = () =>
  waitFor(() => expect(screen.getByRole('button', { name: 'Send Instructions' })).toBeEnabled());

describe('LostPasswordPage', () => {
  it('without mail only acknowledges the request, as before', async () => {
    server.use(availability(false));
    const { user } = renderApp('/login/lost-password?email=ada%40example.com');
    await ready();
    expect(
      screen.getByText('We will send an email to your account with instructions on how to reset your password'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i, { selector: 'input' })).toHaveValue('ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByText('Password reset attempted!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
  });

  it('with mail asks the server for a link and shows its answer', async () => {
    let sent: unknown;
    server.use(
      availability(true),
      http.post('*/api/password-reset', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'If an account has this e-mail address, a link is on its way.' }, { status: 202 });
      }),
    );
    const { user } = renderApp('/login/lost-password');
    await user.type(screen.getByLabelText(/^email/i, { selector: 'input' }), ' ada@example.com ');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByText('If an account has this e-mail address, a link is on its way.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'ada@example.com' });
  });

  it('says when the server refuses too many requests', async () => {
    server.use(
      availability(true),
      http.post('*/api/password-reset', () =>
        HttpResponse.json({ message: 'Too many password reset requests from this address: try again later.' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/login/lost-password?email=ada%40example.com');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests');
  });
});
