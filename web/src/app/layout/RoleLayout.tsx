import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { getSession, useCurrentUser } from '../../api/session';
import type { LoggedUser } from '../../api/types';

// Each shell is its own chunk: a customer never downloads the staff's, nor staff the portal's.
//
// The route imports the signed-in user's shell before it renders (`loadRoleLayout`, the route's
// `lazy`), so a first load shows no Suspense fallback: React keeps a fallback it has revealed on
// screen for at least 300 ms, and that wait delayed every signed-in screen's first load by a
// quarter of a second. Only a shell not loaded yet (someone of the other kind signs in, in the
// same tab) is imported on render, behind the loader.
type ShellKind = 'staff' | 'portal';

const imports: Record<ShellKind, () => Promise<ComponentType>> = {
  staff: () => import('./AppLayout').then((m) => m.AppLayout),
  portal: () => import('../screens/Portal').then((m) => m.PortalShell),
};

const loaded = new Map<ShellKind, ComponentType>();

const lazyShells: Record<ShellKind, ComponentType> = {
  staff: lazy(() => imports.staff().then((shell) => ({ default: shell }))),
  portal: lazy(() => imports.portal().then((shell) => ({ default: shell }))),
};

const shellOf = (user: LoggedUser | null): ShellKind => (user?.role === 'customer' ? 'portal' : 'staff');

/** The route's component, once the shell of whoever is signed in is imported. */
export async function loadRoleLayout(): Promise<ComponentType> {
  const kind = shellOf(getSession()?.user_object ?? null);
  loaded.set(kind, await imports[kind]());
  return RoleLayout;
}

/** The signed-in shell: the customer portal for customers, the staff's app for everyone else. */
function RoleLayout() {
  const kind = shellOf(useCurrentUser());
  const Shell = loaded.get(kind) ?? lazyShells[kind];
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {/* eslint-disable-next-line react-hooks/static-components -- picked, not made: each shell is one module-level component, the same on every render */}
      <Shell />
    </Suspense>
  );
}
