import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LIMITED_ROWS } from '../components/DataTable';
import { RebrandingTable } from '../features/rebranding';

/** The dashboard's short rebranding list: the first 5 rows of the list's table. */
export function RecentRebranding() {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="dashboard-rebranding">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="dashboard-rebranding">
          Rebranding Projects
        </Title>
        <Anchor component={Link} to="/rebranding" size="sm">
          All rebranding projects
        </Anchor>
      </Group>
      <RebrandingTable limit={LIMITED_ROWS} />
    </Paper>
  );
}
