import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { useClientChoice } from '../clientChoice';

interface PortalTermsPageProps {
  /** The client's termbase, read-only for a customer (another feature's table, handed in by the app). */
  termbase: (clientId: number) => ReactNode;
}

/** The chosen client's termbase: the terms the translations keep to. */
export function PortalTermsPage({ termbase }: PortalTermsPageProps) {
  const { client } = useClientChoice();
  return (
    <>
      <PageHeader title="Terms" description="The terms your translations keep to: preferred, forbidden and never translated." />
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        {client === null ? <Text>Your account belongs to no client yet.</Text> : termbase(client.id)}
      </Paper>
    </>
  );
}
