import { Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

export function EmptyState({ message }: { message: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" c="dimmed">
      <IconInbox size={32} stroke={1.5} aria-hidden />
      <Text c="dimmed">{message}</Text>
    </Stack>
  );
}
