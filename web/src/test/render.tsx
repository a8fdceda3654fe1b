import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setSession, type Session } from '../api/session';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/routes';

/**
 * The app's route table with every screen already imported: the app loads screens on first visit,
 * which in a test would only add a wait (the first import of a feature can outlast `findBy…`).
 */
async function importedScreens(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const { lazy, children } = route;
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      const imported = children === undefined ? undefined : await importedScreens(children);
      return { ...route, ...loaded, lazy: undefined, children: imported } as RouteObject;
    }),
  );
}
const appRoutes = await importedScreens(routes);

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
  return start(appRoutes, path, options);
}

/** Renders one element as the only route, with every provider of the app. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  return start([{ path: '*', element: ui }], options.path ?? '/', options);
}
