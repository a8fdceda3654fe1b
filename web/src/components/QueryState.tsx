import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Text for a 404, e.g. 'Client not found'. */
  notFound?: string;
  children: (data: T) => ReactNode;
}

/** Loading spinner, 404 text or a load failure, then the data. 401s never get here: they sign out. */
export function QueryState<T>({ query, notFound, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color="yellow" role="alert">
        {missing && notFound !== undefined
          ? notFound
          : query.error instanceof ApiError && query.error.serverMessage !== null
            ? query.error.serverMessage
            : 'Could not load the data. Please reload the page and try again.'}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
