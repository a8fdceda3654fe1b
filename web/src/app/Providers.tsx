import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { getSession, subscribeSession } from '../api/session';
import { cssVariablesResolver, theme } from './theme';

/** Drops every cached answer when the session ends, so the next user never sees them. */
function useClearCacheOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession() === null) queryClient.clear();
      }),
    [queryClient],
  );
}

interface ProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals, as its testing guide advises. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function Providers({ queryClient, env = 'default', children }: ProvidersProps) {
  useClearCacheOnSignOut(queryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" autoClose={5000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
