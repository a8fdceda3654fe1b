import {
  IconBuildingStore,
  IconLanguage,
  IconLayoutDashboard,
  IconPalette,
  IconReceipt,
  IconShieldLock,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import type { Permission } from '../../api/permissions';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to users with this permission. */
  requires?: Permission;
  /** Other routes that belong to this section (a job belongs to its translation project). */
  also?: readonly string[];
}

/** The layout shell's sidebar, in its order. Logout is added by the sidebar. */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard },
  { label: 'Clients', to: '/clients', icon: IconBuildingStore },
  { label: 'Translation', to: '/translation', icon: IconLanguage, also: ['/job'] },
  { label: 'Quotes', to: '/quotes', icon: IconReceipt, requires: 'quotes.manage' },
  { label: 'Rebranding', to: '/rebranding', icon: IconPalette },
  { label: 'Account', to: '/account', icon: IconUserCircle },
  { label: 'Administration', to: '/admin', icon: IconShieldLock, requires: 'users.manage' },
];

/** Whether `pathname` lies in the item's section: its route or one below it (`/` only itself). */
export function isInSection(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return [item.to, ...(item.also ?? [])].some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}
