import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './PageHeader.module.css';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Leading visual, e.g. a client logo. */
  media?: ReactNode;
  /** Buttons on the right; they wrap below the title on narrow screens. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, media, actions }: PageHeaderProps) {
  // Browser tabs and history entries name the screen, not just the product.
  useDocumentTitle(typeof title === 'string' ? `${title} · Wordmark` : 'Wordmark');
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md">
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
        {media}
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description !== undefined && <Text c="dimmed" className={classes.description}>
              {description}
            </Text>}
        </Stack>
      </Group>
      {actions !== undefined && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
