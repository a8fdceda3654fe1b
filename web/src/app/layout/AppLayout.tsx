import { Anchor, AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { BrandLogo } from '../../components/BrandLogo';
import { legalLinks } from '../../config';
import { NotificationBell } from '../../features/notifications';
import classes from './AppLayout.module.css';
import { Sidebar } from './Sidebar';

/**
 * The shell of the original tool: sidebar 80 wide, header 80 high, and a footer 60 high. The
 * footer closes the content instead of being fixed to the window, so that it takes none of a
 * working screen's height (60 px of a phone's); on a short page it still sits at the bottom.
 */
export function AppLayout() {
  const user = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 80 }}
      navbar={{ width: 80, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
            />
            <BrandLogo size={40} />
            <Text fw={700} fz="xl" visibleFrom="xs">
              Wordmark
            </Text>
          </Group>
          {user !== null && (
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={500} truncate="end" style={{ minWidth: 0 }}>
                Howdy, {user.first_name} {user.last_name}!
              </Text>
              <NotificationBell />
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" className={classes.main}>
        <div className={classes.content}>
          <Outlet />
        </div>
        <Group component="footer" className={classes.footer} justify="space-between" wrap="nowrap" gap="xs">
          <Box visibleFrom="xs" lh={0}>
            <BrandLogo size={28} />
          </Box>
          <Group gap="md" wrap="nowrap" component="nav" aria-label="Legal" className={classes.footerLinks}>
            <Anchor href={legalLinks.legalNotice} target="_blank" rel="noopener" c="dimmed">
              Legal Information
            </Anchor>
            <Anchor href={legalLinks.privacyPolicy} target="_blank" rel="noopener" c="dimmed">
              Privacy Policy
            </Anchor>
            {/* Inert, as in the original tool: the link is shown but its click does nothing. */}
            <Anchor href={legalLinks.support} c="dimmed" onClick={(event) => event.preventDefault()}>
              Support &amp; Info
            </Anchor>
          </Group>
        </Group>
      </AppShell.Main>
    </AppShell>
  );
}
