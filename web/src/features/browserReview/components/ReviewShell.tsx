// The frame of every review screen: the client's logo and the agency's name, no app shell. The
// logo is the server's sanitised SVG, shown as an image (an <img> runs none of an SVG's scripts).
import { Alert, Anchor, Box, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { formatDateTime } from '../../../components/dates';
import { logoUrl, startQuery, type ReviewStart } from '../api';

interface ReviewShellProps {
  token: string;
  /** Wider for the segment screen. */
  size?: 'md' | 'full';
  children: (start: ReviewStart) => ReactNode;
}

export function ReviewShell({ token, size = 'md', children }: ReviewShellProps) {
  const query = useQuery(startQuery(token));
  if (query.isPending) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) return <LinkUnavailable error={query.error} />;
  const start = query.data;
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" gap="xs" maw={size === 'md' ? 960 : undefined} mx="auto">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {start.has_logo && (
              <img src={logoUrl(token)} alt={start.client_name ?? 'Client logo'} height={36} style={{ maxWidth: 140, objectFit: 'contain' }} />
            )}
            {/* The client's whole name: it wraps on a narrow screen rather than being cut. */}
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {start.client_name ?? start.project_name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" ta="right">
            Review by {start.agency_name}
          </Text>
        </Group>
      </Box>
      <Box component="main" px={{ base: 'xs', sm: 'md' }} py="md" maw={size === 'md' ? 960 : undefined} mx="auto">
        {start.read_only && start.submitted_at != null && (
          <Alert color="blue" mb="md">
            This review was submitted on {formatDateTime(start.submitted_at)}. It can be read but no longer changed.
          </Alert>
        )}
        {children(start)}
      </Box>
    </Box>
  );
}

/** Why the link cannot be used: a full page of its own. */
export function LinkUnavailable({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  const serverMessage = error instanceof ApiError ? error.serverMessage : null;
  const [title, text] =
    status === 404
      ? ['Review link not found', 'This review link does not exist. Please check that you copied the whole link, or ask the agency for a new one.']
      : status === 410
        ? ['This review link can no longer be used', serverMessage ?? 'The link has expired or was withdrawn. Please ask the agency for a new one.']
        : status === 429
          ? ['Too many attempts', 'Please wait a few minutes, then open the link again.']
          : status === 401 || status === 403
            ? // A customer's own review (opened from the portal) answers only their session.
              ['This review is personal', serverMessage ?? 'Please sign in with the account it belongs to.']
            : ['The review could not be loaded', 'Please reload the page in a moment.'];
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Container size={520}>
        <Stack align="center" ta="center">
          <Title order={1} fz={26}>
            {title}
          </Title>
          <Text>{text}</Text>
          {(status === 401 || status === 403) && (
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          )}
          {status === 410 && serverMessage !== null && (
            <Text size="sm" c="dimmed">
              Please ask the agency for a new link if you still want to review this translation.
            </Text>
          )}
        </Stack>
      </Container>
    </Center>
  );
}
