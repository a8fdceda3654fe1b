import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCan } from '../../../api/permissions';

export const NOT_AUTHORIZED = 'You are not authorized to be here...';

/** Hides the administration screens from who may not manage users; the server refuses their calls anyway. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  if (!useCan('users.manage')) {
    return (
      <Alert color="red" role="alert">
        {NOT_AUTHORIZED}
      </Alert>
    );
  }
  return <>{children}</>;
}
