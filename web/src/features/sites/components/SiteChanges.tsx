import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconFilter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { Site } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/messages';
import { siteChangesQuery, useCreateUpdateProject } from '../changesApi';

function pagesText(pages: number): string {
  return pages === 1 ? '1 page changed since its translation' : `${pages} pages changed since their translation`;
}

/** What the checks found: the last check (its time, or why it failed), the next one, the pages
 * whose source changed since their translation, and the update project made of them. */
export function SiteChanges({ site, onShowChanged }: { site: Site; onShowChanged: () => void }) {
  const canManage = useCan('sites.manage');
  const changes = useQuery(siteChangesQuery(site.id));
  const create = useCreateUpdateProject(site.id);
  const navigate = useNavigate();
  const checkedAt = site.content_checked_at;
  const error = site.content_check_error;
  const pages = changes.data?.pages ?? 0;

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-label="Changes on the site">
      <Stack gap="xs">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {checkedAt === null || checkedAt === undefined ? 'Not checked yet.' : `Last checked ${formatDateTime(checkedAt)}`}
          </Text>
          {changes.data !== undefined && (
            <Text size="sm" c="dimmed">
              {changes.data.next_check_at === null || changes.data.next_check_at === undefined
                ? 'Scheduled checks are off.'
                : `Next check ${formatDateTime(changes.data.next_check_at)}`}
            </Text>
          )}
        </Group>
        {error !== null && error !== undefined && (
          <Alert color="red" role="alert" title="The last check failed">
            {error}
          </Alert>
        )}
        {changes.isError && (
          <Alert color="red" role="alert">
            {errorText(changes.error, { fallback: 'The changes could not be read.' })}
          </Alert>
        )}
        {changes.data !== undefined &&
          (pages === 0 ? (
            <Text size="sm" c="dimmed">
              No page changed since its translation.
            </Text>
          ) : (
            <Group gap="sm" wrap="wrap">
              <Text fw={500}>{pagesText(pages)}</Text>
              <Button variant="default" size="xs" leftSection={<IconFilter size={14} />} onClick={onShowChanged}>
                Show changed pages
              </Button>
              {canManage && (
                <Button
                  size="xs"
                  leftSection={<IconFilePlus size={14} />}
                  loading={create.isPending}
                  onClick={() => create.mutate(undefined, { onSuccess: (project) => void navigate(`/translation/${project.id}`) })}
                >
                  Update project ({pages})
                </Button>
              )}
            </Group>
          ))}
        {create.isError && (
          <Alert color="red" role="alert">
            {errorText(create.error, { fallback: 'The update project could not be created.' })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
