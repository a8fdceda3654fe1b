import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface CountCardProps {
  label: string;
  /** undefined while loading, null when the count could not be loaded. */
  value: number | null | undefined;
  icon: ReactNode;
}

export function CountCard({ label, value, icon }: CountCardProps) {
  return (
    <Paper withBorder p="md" radius="md" aria-label={label} role="group">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={34} w={48} mt={4} />
          ) : (
            <Text fz={30} fw={700} lh={1.2} data-testid={`count-${label}`}>
              {value ?? '–'}
            </Text>
          )}
        </div>
        <ThemeIcon size={48} radius="md" variant="light">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
