import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SiteRequest } from '../../../api/types';
import { formatDateTime } from '../../../components/dates';
import { waitingRequestsQuery } from '../api';
import { pageLabel } from './SiteRequests';

/** The requests for pages of the caller's sites that wait for the agency to make their project
 * and quote: a customer sees what they asked for until it becomes a project of their list.
 * Nothing while there is none (or while it loads: the project list below says enough). */
export function WaitingRequests() {
  const waiting = useQuery(waitingRequestsQuery());
  const list = waiting.data ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} mb="md" component="section" aria-labelledby="waiting-requests">
      <Title order={2} size="h4" id="waiting-requests" mb="xs">
        Requests with the agency
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Pages you asked for: each becomes a project with its quote once the agency has read them from your site.
      </Text>
      <Stack gap="md">
        {list.map((request) => (
          <WaitingRequest key={request.id} request={request} />
        ))}
      </Stack>
    </Paper>
  );
}

function WaitingRequest({ request }: { request: SiteRequest }) {
  return (
    <Stack gap={4} component="article" aria-label={`Request “${request.title}”`}>
      <Group gap="sm" wrap="wrap">
        <Text fw={600}>{request.title}</Text>
        <Badge color="orange" variant="light">
          Waiting for its quote
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {request.site_name}, sent {formatDateTime(request.created_at)}; into {request.target_langs.join(', ')}
        {request.due_date ? `; needed by ${request.due_date}` : ''}
      </Text>
      <List size="sm">
        {request.pages.map((page) => (
          <List.Item key={page.item_id}>{pageLabel(page)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
