import { Anchor, Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../../../api/permissions';
import { changedSitesQuery } from '../changesApi';

/** The staff's dashboard: each site with pages changed since their translation, linked to its
 * page; nothing when no page changed. */
export function ChangedSitesCard() {
  const canManage = useCan('sites.manage');
  const changed = useQuery({ ...changedSitesQuery(), enabled: canManage });
  if (changed.data === undefined || changed.data.length === 0) {
    return null;
  }
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="dashboard-changed-sites">
      <Title order={3} id="dashboard-changed-sites" mb="xs">
        Sites with changed pages
      </Title>
      <Stack gap={6}>
        {changed.data.map((site) => (
          <Group key={site.site_id} justify="space-between">
            <Anchor component={Link} to={`/clients/${site.client_id}/sites/${site.site_id}?state=changed`}>
              {site.name}
            </Anchor>
            <Badge color="orange" variant="light">
              {site.pages === 1 ? '1 page changed' : `${site.pages} pages changed`}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
