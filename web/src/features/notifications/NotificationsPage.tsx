import { Anchor, Button, Group, Pagination, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PAGE_SIZE, useMarkRead, useNotificationPage, useUnreadCount } from './api';

/** Every notification of the signed-in user, newest first, a page at a time: each links to its
 * subject (following it marks it read), and can be marked read here; the unread ones alone on
 * request. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const notifications = useNotificationPage(page, unreadOnly);
  const unread = useUnreadCount().data?.count ?? 0;
  const mark = useMarkRead();
  const rows = notifications.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((notifications.data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unread === 0 ? 'Everything is read.' : `${unread} unread`}
        actions={
          <Group>
            <Anchor component={Link} to="/account" size="sm">
              Choose what you are told
            </Anchor>
            <Button variant="light" disabled={unread === 0} loading={mark.isPending && mark.variables === 'all'} onClick={() => mark.mutate('all')}>
              Mark all read
            </Button>
          </Group>
        }
      />
      <Stack maw={820}>
        <SegmentedControl
          w="fit-content"
          aria-label="Which notifications"
          value={unreadOnly ? 'unread' : 'all'}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
          onChange={(value) => {
            setUnreadOnly(value === 'unread');
            setPage(1);
          }}
        />
        {notifications.isSuccess && rows.length === 0 && (
          <Text c="dimmed">{unreadOnly ? 'Nothing unread.' : 'Nothing yet.'}</Text>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((n) => (
            <Paper component="li" key={n.id} withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Anchor
                    component={Link}
                    to={n.link}
                    fw={n.read_at === null ? 700 : 400}
                    onClick={() => {
                      if (n.read_at === null) mark.mutate(n.id);
                    }}
                  >
                    {n.text}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {new Date(n.created_at).toLocaleString()}
                    {n.read_at === null ? ' · unread' : ''}
                  </Text>
                </div>
                {n.read_at === null && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Mark read: ${n.text}`}
                    loading={mark.isPending && mark.variables === n.id}
                    onClick={() => mark.mutate(n.id)}
                  >
                    Mark read
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />}
      </Stack>
    </>
  );
}
