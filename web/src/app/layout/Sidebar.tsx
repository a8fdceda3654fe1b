import { Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, type Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { can } from '../../api/permissions';
import { useCurrentUser } from '../../api/session';
import { useLogout } from '../../features/auth';
import { isInSection, visibleItems } from './navItems';
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
  const { pathname } = useLocation();
  const items = visibleItems(user?.role, (permission) => can(user, permission));

  return (
    <Stack justify="space-between" h="100%" py="md" align="center" component="nav" aria-label="Main">
      <Stack gap={6} align="center" w="100%">
        {items.map((item) => (
          <Tooltip key={item.to} label={item.label} position="right" withArrow>
            <Link
              to={item.to}
              className={classes.link}
              aria-label={item.label}
              aria-current={isInSection(item, pathname) ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ItemContent icon={item.icon} label={item.label} />
            </Link>
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
