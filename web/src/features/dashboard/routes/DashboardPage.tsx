import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IconBuildingStore, IconLanguage, IconPalette } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { dashboardQuery } from '../api';
import { CountCard } from '../components/CountCard';
import { QuickActionCard } from '../components/QuickActionCard';

interface DashboardPageProps {
  /** Short lists from other features (e.g. the 5 newest clients), composed in by the router. */
  lists?: ReactNode;
}

export function DashboardPage({ lists }: DashboardPageProps) {
  const counts = useQuery(dashboardQuery());
  const count = (pick: (data: NonNullable<typeof counts.data>) => number) =>
    counts.isError ? null : counts.data === undefined ? undefined : pick(counts.data);

  return (
    <>
      <PageHeader title="Dashboard" />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <CountCard label="Clients" value={count((d) => d.clients)} icon={<IconBuildingStore />} />
          <CountCard
            label="Translation Projects"
            value={count((d) => d.translation_projects)}
            icon={<IconLanguage />}
          />
          <CountCard
            label="Rebranding Projects"
            value={count((d) => d.rebranding_projects)}
            icon={<IconPalette />}
          />
        </SimpleGrid>
        <section aria-labelledby="quick-actions">
          <Title order={3} id="quick-actions" mb="sm">
            Quick actions
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <QuickActionCard
              to="/clients"
              title="Clients"
              description="Add clients and their logos"
              icon={<IconBuildingStore size={22} />}
            />
            <QuickActionCard
              to="/translation"
              title="Translation"
              description="Upload WPML exports and translate them"
              icon={<IconLanguage size={22} />}
            />
            <QuickActionCard
              to="/rebranding"
              title="Rebranding"
              description="Brand colours, fonts and locations"
              icon={<IconPalette size={22} />}
            />
          </SimpleGrid>
        </section>
        {lists}
      </Stack>
    </>
  );
}
