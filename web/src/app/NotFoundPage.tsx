import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="flex-start">
      <Alert color="yellow" role="alert">
        Page not found
      </Alert>
      <Anchor component={Link} to="/">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
