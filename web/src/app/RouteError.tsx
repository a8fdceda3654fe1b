import { Alert, Button, Center, Stack } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Errors while rendering a route: a stale app after an upgrade (a lazy screen's chunk is gone)
 * reports 'Loading chunk failed', as the original tool did. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const chunkFailed = error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  const text = chunkFailed
    ? 'Loading chunk failed'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'Page not found'
      : 'Something went wrong. Please reload the page and try again.';
  return (
    <Center p="xl">
      <Stack align="center">
        <Alert color="red" role="alert">
          {text}
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
