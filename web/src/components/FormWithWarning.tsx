import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormWithWarningProps {
  /** Runs on submit; the app checks the fields itself, so the browser's own validation is off. */
  onSubmit: () => Promise<void>;
  /** Why the last submit failed, shown above the fields (a long file name may break anywhere). */
  warning: string | null;
  children: ReactNode;
}

/** The dialogs' form: its fields in a column, with the last failure above them. */
export function FormWithWarning({ onSubmit, warning, children }: FormWithWarningProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack>
        {warning !== null && (
          <Alert color="yellow" role="alert" style={{ overflowWrap: 'anywhere' }}>
            {warning}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
