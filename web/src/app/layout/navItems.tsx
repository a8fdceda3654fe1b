import {
  IconBriefcase,
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
import type { Role } from '../../api/types';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to users with this permission. */
  requires?: Permission;
  /** Other routes that belong to this section (a job belongs to its translation project). */
  also?: readonly string[];
  /** Shown only to these roles (to every role when absent). */
  roles?: readonly Role[];
}

/** The agency's staff: translators see their own work only. */
const STAFF: readonly Role[] = ['admin', 'editor'];

/** The layout shell's sidebar, in its order. Logout is added by the sidebar. */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard, roles: STAFF },
  { label: 'My work', to: '/work', icon: IconBriefcase, also: ['/job'], roles: ['translator'] },
  { label: 'Clients', to: '/clients', icon: IconBuildingStore, roles: STAFF },
  { label: 'Translation', to: '/translation', icon: IconLanguage, also: ['/job'], roles: STAFF },
  { label: 'Quotes', to: '/quotes', icon: IconReceipt, requires: 'quotes.manage' },
  { label: 'Rebranding', to: '/rebranding', icon: IconPalette, roles: STAFF },
  { label: 'Account', to: '/account', icon: IconUserCircle },
  { label: 'Administration', to: '/admin', icon: IconShieldLock, requires: 'users.manage' },
];

/** The items `role` sees, given what `may` allows. */
export function visibleItems(role: Role | undefined, may: (permission: Permission) => boolean): NavItem[] {
  return navItems.filter(
    (item) =>
      (item.roles === undefined || (role !== undefined && item.roles.includes(role))) &&
      (item.requires === undefined || may(item.requires)),
  );
}

/** Whether `pathname` lies in the item's section: its route or one below it (`/` only itself). */
export function isInSection(item: NavItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return [item.to, ...(item.also ?? [])].some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}
