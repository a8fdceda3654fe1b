import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../api/session';

// Each shell is its own chunk: a customer never downloads the staff's, nor staff the portal's.
const AppLayout = lazy(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));
const PortalShell = lazy(() => import('../screens/Portal').then((m) => ({ default: m.PortalShell })));

/** The signed-in shell: the customer portal for customers, the staff's app for everyone else. */
export function RoleLayout() {
  const customer = useCurrentUser()?.role === 'customer';
  return (
    <Suspense
      fallback={
        <Center h="100vh">
          <Loader aria-label="Loading" />
        </Center>
      }
    >
      {customer ? <PortalShell /> : <AppLayout />}
    </Suspense>
  );
}
