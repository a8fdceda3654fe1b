import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render';

describe('LostPasswordPage', () => {
  it('only acknowledges the request, without calling the server', async () => {
    // Any request would fail the test: the msw server answers none here.
    const { user } = renderApp('/login/lost-password?email=ada%40example.com');
    expect(
      screen.getByText('We will send an email to your account with instructions on how to reset your password'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i, { selector: 'input' })).toHaveValue('ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Send Instructions' }));
    expect(await screen.findByText('Password reset attempted!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login/');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');
  });
});
