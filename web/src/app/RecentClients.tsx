import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LIMITED_ROWS } from '../components/DataTable';
import { ClientTable } from '../features/clients';

/** The dashboard's short client list: the first 5 rows of the list's table. */
export function RecentClients() {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="dashboard-clients">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="dashboard-clients">
          Clients
        </Title>
        <Anchor component={Link} to="/clients" size="sm">
          All clients
        </Anchor>
      </Group>
      <ClientTable limit={LIMITED_ROWS} />
    </Paper>
  );
}
