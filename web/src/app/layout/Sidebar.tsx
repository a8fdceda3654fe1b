import { Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, type Icon } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { useLogout } from '../../features/auth';
import { navItems } from './navItems';
import classes from './Sidebar.module.css';

function ItemContent({ icon: ItemIcon, label }: { icon: Icon; label: string }) {
  return (
    <>
      <ItemIcon size={24} stroke={1.6} aria-hidden />
      <span className={classes.label}>{label}</span>
    </>
  );
}

/** Icon sidebar with tooltips; in the mobile menu the labels show instead. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const items = navItems.filter((item) => item.adminOnly !== true || user?.role === 'admin');

  return (
    <Stack justify="space-between" h="100%" py="md" align="center" component="nav" aria-label="Main">
      <Stack gap={6} align="center" w="100%">
        {items.map((item) => (
          <Tooltip key={item.to} label={item.label} position="right" withArrow>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={classes.link}
              aria-label={item.label}
              onClick={onNavigate}
            >
              <ItemContent icon={item.icon} label={item.label} />
            </NavLink>
          </Tooltip>
        ))}
      </Stack>
      <Tooltip label="Logout" position="right" withArrow>
        <UnstyledButton className={classes.link} aria-label="Logout" onClick={() => logout.mutate()}>
          <ItemContent icon={IconLogout} label="Logout" />
        </UnstyledButton>
      </Tooltip>
    </Stack>
  );
}
