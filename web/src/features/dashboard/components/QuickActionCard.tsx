import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface QuickActionCardProps {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
}

export function QuickActionCard({ to, title, description, icon }: QuickActionCardProps) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="filled">
          {icon}
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Group gap={4} wrap="nowrap">
            <Text fw={600}>{title}</Text>
            <IconArrowRight size={16} aria-hidden />
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
