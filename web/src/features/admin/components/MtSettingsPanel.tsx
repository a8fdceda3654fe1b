import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/QueryState';
import { mtSettingsQuery } from '../api';
import { MtConnectionTest } from './MtConnectionTest';
import { MtSettingsForm } from './MtSettingsForm';

/**
 * Administration → Settings: which machine translation provider pre-translation uses, with its
 * key and address, and a connection test showing the usage the provider reports.
 */
export function MtSettingsPanel() {
  const query = useQuery(mtSettingsQuery());
  return (
    <QueryState query={query}>
      {(settings) => (
        <Stack maw={720} gap="lg">
          {/* Remounted after each save so the form starts from what the server stored. */}
          <MtSettingsForm key={JSON.stringify(settings)} settings={settings} />
          <MtConnectionTest />
        </Stack>
      )}
    </QueryState>
  );
}
