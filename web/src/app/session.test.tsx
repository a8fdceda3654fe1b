import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { SESSION_KEY } from '../api/session';
import { adminUser, sessionFor } from '../test/fixtures';
import { renderApp } from '../test/render';
import { dashboardHandlers } from '../test/handlers';
import { server } from '../test/server';

describe('session handling', () => {
  it('sends screens without a user to /login', async () => {
    const { router } = renderApp('/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signs out and shows /login when any call answers 401', async () => {
    let authorization: string | null = null;
    server.use(
      http.get('*/api/dashboard', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Session expired' }, { status: 401 });
      }),
      http.get('*/api/client', () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
      http.get('*/api/translation', () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
      http.get('*/api/rebranding', () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
    );
    const { router } = renderApp('/', { session: sessionFor(adminUser) });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(authorization).toBe(`Bearer ${adminUser.token}`);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  });

  it('logs out through the server and forgets the session', async () => {
    let revoked = false;
    server.use(
      ...dashboardHandlers({ clients: 3, translation_projects: 1, rebranding_projects: 2 }),
      http.post('*/auth/logout', () => {
        revoked = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/', { session: sessionFor(adminUser) });

    expect(await screen.findByTestId('count-Clients')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(revoked).toBe(true);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
