import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setSession, type Session } from '../api/session';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/routes';

interface RenderOptions {
  /** Signed-in session to start with; none means signed out. */
  session?: Session;
}

function start(routeTable: RouteObject[], path: string, options: RenderOptions) {
  if (options.session !== undefined) setSession(options.session);
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // No retries in tests: a failing answer should show its message at once.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient };
}

/** Renders the whole app (real route table) at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return start(routes, path, options);
}

/** Renders one element as the only route, with every provider of the app. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  return start([{ path: '*', element: ui }], options.path ?? '/', options);
}
