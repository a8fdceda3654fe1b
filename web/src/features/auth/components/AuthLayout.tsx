import { Center, Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { LegalLinks } from '../../../components/LegalLinks';

/** The signed-out frame: logo, a card with the form, legal links below. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Container size={420} w="100%" px={0}>
        <Stack align="center" gap="xs" mb="lg">
          <BrandLogo size={56} />
          <Title order={1} ta="center" fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
        </Stack>
        <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} radius="md" pos="relative">
          {children}
        </Paper>
        <Stack mt="xl">
          <LegalLinks />
        </Stack>
      </Container>
    </Center>
  );
}
