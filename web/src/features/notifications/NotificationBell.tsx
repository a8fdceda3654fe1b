import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLatest, useMarkRead, useUnreadCount } from './api';

/** The header's bell: the unread count, and a list of the latest notifications that link to
 * their subject (following one marks it read). */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const count = useUnreadCount().data?.count ?? 0;
  const latest = useLatest(opened);
  const mark = useMarkRead();
  const label = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;

  return (
    // The indicator wraps the popover, not the other way round: the popover's target gets
    // aria-expanded, which only a button may carry.
    <Indicator label={count} size={18} disabled={count === 0} offset={4}>
      <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" shadow="md" trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <IconBell aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown maw="calc(100vw - 16px)">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>Notifications</Text>
            <Button variant="subtle" size="compact-sm" disabled={count === 0} onClick={() => mark.mutate('all')}>
              Mark all read
            </Button>
          </Group>
          {latest.data?.length === 0 && <Text c="dimmed">Nothing yet.</Text>}
          <ScrollArea.Autosize mah={360}>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {latest.data?.map((n) => (
                <li key={n.id}>
                  <Anchor
                    component={Link}
                    to={n.link}
                    fw={n.read_at === null ? 700 : 400}
                    onClick={() => {
                      if (n.read_at === null) mark.mutate(n.id);
                      setOpened(false);
                    }}
                  >
                    {n.text}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {new Date(n.created_at).toLocaleString()}
                    {n.read_at === null ? ' · unread' : ''}
                  </Text>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Anchor component={Link} to="/notifications" size="sm" display="block" mt="xs" onClick={() => setOpened(false)}>
            See all
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
