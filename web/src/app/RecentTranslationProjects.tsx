import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LIMITED_ROWS } from '../components/DataTable';
import { ProjectTable } from '../features/translation';

/** The dashboard's short translation project list: the first 5 rows of the shared table. */
export function RecentTranslationProjects() {
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="dashboard-translation">
      <Group justify="space-between" mb="xs">
        <Title order={3} id="dashboard-translation">
          Translation Projects
        </Title>
        <Anchor component={Link} to="/translation" size="sm">
          All translation projects
        </Anchor>
      </Group>
      <ProjectTable limit={LIMITED_ROWS} shared />
    </Paper>
  );
}
