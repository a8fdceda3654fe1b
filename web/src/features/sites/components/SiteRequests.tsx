import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../api/permissions';
import type { Site, SiteRequest } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { errorText } from '../../../components/messages';
import { siteRequestsQuery, useMakeRequestProject } from '../api';

/** A page of a request as the site's content list names it. */
export function pageLabel(page: SiteRequest['pages'][number]): string {
  if (page.title === null || page.title === undefined) return `Item ${page.item_id} (no longer on the site)`;
  return page.title === '' ? `Item ${page.item_id}` : page.title;
}

/** The customers' requests for pages of the site: what they picked, in which languages, by
 * when, and the project the staff made of each (or the button that makes it). Nothing when the
 * site has none; why, when they could not be read. */
export function SiteRequests({ site }: { site: Site }) {
  const requests = useQuery(siteRequestsQuery(site.id));
  if (requests.isError) {
    return (
      <Alert color="red" mb="md" role="alert">
        {errorText(requests.error, { fallback: 'The requests from the client could not be read.' })}
      </Alert>
    );
  }
  const list = requests.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="site-requests">
      <Title order={2} size="h4" id="site-requests" mb="sm">
        Requests from the client
      </Title>
      <Stack gap="md">
        {list.map((request) => (
          <RequestCard key={request.id} site={site} request={request} />
        ))}
      </Stack>
    </Paper>
  );
}

function RequestCard({ site, request }: { site: Site; request: SiteRequest }) {
  const canManage = useCan('sites.manage');
  const make = useMakeRequestProject(site.id);
  const navigate = useNavigate();
  const made = request.project_id ?? null;
  return (
    <Stack gap={4} component="article" aria-label={`Request “${request.title}”`}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{request.title}</Text>
        {made === null ? (
          <Badge color="orange" variant="light">
            Waiting for its project
          </Badge>
        ) : (
          <Anchor component={Link} to={`/translation/${made}`}>
            Open its project
          </Anchor>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {request.requester_name ?? 'A former user'}, {formatDateTime(request.created_at)}; into {request.target_langs.join(', ')}
        {request.due_date ? `; due ${request.due_date}` : ''}
      </Text>
      <List size="sm">
        {request.pages.map((page) => (
          <List.Item key={page.item_id}>{pageLabel(page)}</List.Item>
        ))}
      </List>
      {request.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {request.note}
        </Text>
      )}
      {canManage && made === null && (
        <Group>
          <Button
            size="xs"
            leftSection={<IconFilePlus size={14} />}
            loading={make.isPending}
            onClick={() => make.mutate(request.id, { onSuccess: (project) => void navigate(`/translation/${project.id}`) })}
          >
            Create project and quote
          </Button>
        </Group>
      )}
      {make.isError && (
        <Alert color="red" role="alert">
          {errorText(make.error, { fallback: 'The project could not be created.' })}
        </Alert>
      )}
    </Stack>
  );
}
