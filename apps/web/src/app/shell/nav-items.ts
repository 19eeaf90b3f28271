import type { LoggedInUser, Menu } from '@portal/contract';
import type { TextKey } from '../../i18n/text-keys';
import { mayActForClient } from '../../lib/compliance';

export interface NavItem {
  to: string;
  labelKey: TextKey;
  /** The menu entry of the login answer that unlocks this item; absent means everyone. */
  menu?: Menu;
  /** The spec leaves User Management out of the mobile drawer. */
  isInDrawer: boolean;
  /** A rule narrower than the menu: the item shows only to the people it accepts. */
  isFor?: (user: LoggedInUser) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'shell.home', isInDrawer: true },
  { to: '/userManagement', labelKey: 'shell.userManagement', menu: 'userManagement', isInDrawer: false },
  { to: '/reports', labelKey: 'shell.reports', menu: 'reports', isInDrawer: true },
  { to: '/legal-holds', labelKey: 'shell.legalHolds', menu: 'userManagement', isInDrawer: true, isFor: mayActForClient },
  {
    to: '/identity-providers',
    labelKey: 'shell.identityProviders',
    menu: 'userManagement',
    isInDrawer: true,
    isFor: mayActForClient,
  },
  { to: '/api-keys', labelKey: 'shell.apiKeys', menu: 'apiKeys', isInDrawer: true },
  { to: '/console', labelKey: 'shell.console', menu: 'tenantConsole', isInDrawer: true },
  { to: '/faq', labelKey: 'shell.faq', isInDrawer: true },
];

export function visibleNavItems(user: LoggedInUser, place: 'topBar' | 'drawer'): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (item.menu === undefined || user.menus.includes(item.menu)) &&
      (item.isFor?.(user) ?? true) &&
      (place === 'topBar' || item.isInDrawer),
  );
}

export function initialsOf(user: Pick<LoggedInUser, 'firstname' | 'lastname'>): string {
  return `${user.firstname.trim().charAt(0)}${user.lastname.trim().charAt(0)}`.toUpperCase() || '?';
}
