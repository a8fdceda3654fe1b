import {
  IconBuildingStore,
  IconLanguage,
  IconLayoutDashboard,
  IconPalette,
  IconShieldLock,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  adminOnly?: boolean;
}

/** Spec section 2, "Layout shell": the sidebar in its order. Logout is added by the sidebar. */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard },
  { label: 'Clients', to: '/clients', icon: IconBuildingStore },
  { label: 'Translation', to: '/translation', icon: IconLanguage },
  { label: 'Rebranding', to: '/rebranding', icon: IconPalette },
  { label: 'Account', to: '/account', icon: IconUserCircle },
  { label: 'Administration', to: '/admin', icon: IconShieldLock, adminOnly: true },
];
