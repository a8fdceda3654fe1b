import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SESSION_KEY } from '../../../api/session';
import { adminUser, sessionFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { dashboardHandlers } from '../../../test/handlers';


describe('LoginPage', () => {
  it('stores the session and goes to the dashboard on success', async () => {
    let sent: unknown;
    server.use(
      http.post('*/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ token: adminUser.token, user_object: adminUser });
      }),
      ...dashboardHandlers(),
    );
    const { user, router } = renderApp('/login');

    await user.type(screen.getByLabelText(/^username/i, { selector: 'input' }), 'ada');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual({ username: 'ada', password: 'secret-password' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(sessionFor(adminUser));
    expect(await screen.findByText('Howdy, Ada Lovelace!')).toBeInTheDocument();
  });

  it('warns and clears the password on wrong credentials', async () => {
    server.use(
      http.post('*/auth/login', () =>
        HttpResponse.json({ message: 'Username or password incorrect.' }, { status: 401 }),
      ),
    );
    const { user, router } = renderApp('/login');

    await user.type(screen.getByLabelText(/^username/i, { selector: 'input' }), 'ada');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Username or password incorrect.');
    expect(screen.getByLabelText(/^password/i, { selector: 'input' })).toHaveValue('');
    expect(screen.getByLabelText(/^username/i, { selector: 'input' })).toHaveValue('ada');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's explanation when sign-in is throttled", async () => {
    server.use(
      http.post('*/auth/login', () =>
        HttpResponse.json({ message: 'Too many failed sign-ins. Try again in 15 minutes.' }, { status: 429 }),
      ),
    );
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText(/^username/i, { selector: 'input' }), 'ada');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-ins. Try again in 15 minutes.');
  });

  it('shows the unknown-error warning when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('*/auth/login', () => HttpResponse.error()));
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText(/^username/i, { selector: 'input' }), 'ada');
    await user.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unknown error occurred. Please check your console.',
    );
    expect(screen.getByLabelText(/^password/i, { selector: 'input' })).toHaveValue('');
  });

  it('sends a signed-in user to the dashboard', async () => {
    server.use(...dashboardHandlers());
    const { router } = renderApp('/login', { session: sessionFor(adminUser) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('links to the password reset page and opens legal links in new tabs', () => {
    renderApp('/login');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/login/lost-password?email=',
    );
    for (const name of ['Home', 'Legal Notice', 'Privacy Policy']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener');
    }
  });
});
