import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../api/session';

export const NOT_AUTHORIZED = 'You are not authorized to be here...';

/** Hides admin screens from other roles; the server refuses their calls anyway. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return (
      <Alert color="red" role="alert">
        {NOT_AUTHORIZED}
      </Alert>
    );
  }
  return <>{children}</>;
}
