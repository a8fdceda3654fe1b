import { Anchor, Box, Container, Group, Menu, ScrollArea, Select, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useCurrentUser } from '../../../api/session';
import { SvgImage } from '../../../components/SvgImage';
import { clientQuery } from '../api';
import { ClientChoiceProvider, useClientChoice } from '../clientChoice';
import { portalNav } from '../paths';
import classes from './PortalLayout.module.css';

interface PortalLayoutProps {
  /** The notification bell (another feature's, handed in by the app). */
  bell: ReactNode;
  onSignOut: () => void;
}

/** The customer's shell: their client's logo and name (a switcher for several), the portal's
 * sections, the bell and the account menu; no staff navigation. */
export function PortalLayout(props: PortalLayoutProps) {
  return (
    <ClientChoiceProvider>
      <Shell {...props} />
    </ClientChoiceProvider>
  );
}

function Shell({ bell, onSignOut }: PortalLayoutProps) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" className={classes.header}>
        <Container size="xl" py="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <ClientHeader />
            <Group gap="xs" wrap="nowrap">
              {bell}
              <AccountMenu onSignOut={onSignOut} />
            </Group>
          </Group>
          <ScrollArea type="never" mt={6}>
            <Group component="nav" aria-label="Portal" gap={4} wrap="nowrap">
              {portalNav.map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end} className={classes.link}>
                  {item.label}
                </NavLink>
              ))}
            </Group>
          </ScrollArea>
        </Container>
      </Box>
      <Container size="xl" component="main" py="md" px={{ base: 'sm', sm: 'md' }}>
        <Outlet />
      </Container>
    </Box>
  );
}

function ClientHeader() {
  const { client, clients, choose } = useClientChoice();
  const detail = useQuery({ ...clientQuery(client?.id ?? 0), enabled: client?.logo_url != null });
  if (client === null) {
    return <Text fw={700}>Wordmark</Text>;
  }
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <SvgImage svg={detail.data?.client_logo} alt={client.client_name} width={40} />
      {clients.length > 1 ? (
        <Select
          aria-label="Client"
          data={clients.map((c) => ({ value: String(c.id), label: c.client_name }))}
          value={String(client.id)}
          onChange={(value) => {
            if (value !== null) choose(Number(value));
          }}
          allowDeselect={false}
          maw={220}
        />
      ) : (
        <Text fw={700} fz="lg" truncate="end" style={{ minWidth: 0 }}>
          {client.client_name}
        </Text>
      )}
    </Group>
  );
}

function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  const user = useCurrentUser();
  const name = user === null ? '' : `${user.first_name} ${user.last_name}`;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        {/* The visible name starts the accessible one (axe: label-content-name-mismatch). */}
        <UnstyledButton aria-label={name ? `${name}, account menu` : 'Account menu'} className={classes.account}>
          <Group gap={4} wrap="nowrap">
            <IconUserCircle aria-hidden />
            <Text size="sm" visibleFrom="sm" truncate="end" maw={160}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} aria-hidden />}>
          Account
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A link to a portal screen, in the portal's style. */
export function PortalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fw={500} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Anchor>
  );
}
