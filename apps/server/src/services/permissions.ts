import type { Menu, RoleCode } from '@portal/contract';

/**
 * The menus each role gets at sign-in. The same matrix guards the endpoints behind
 * those menus, so the web never shows an entry the server would refuse.
 */
const MENUS_BY_ROLE: Record<RoleCode, Menu[]> = {
  USER: [],
  ADMIN: ['userManagement'],
  CUSTOMER_SERVICE: ['userManagement'],
  INTERNAL: ['userManagement', 'reports'],
  SUPER_USER: ['userManagement', 'reports'],
};

export function getMenusForRole(role: RoleCode): Menu[] {
  return [...MENUS_BY_ROLE[role]];
}

export function isRoleCode(value: string): value is RoleCode {
  return value in MENUS_BY_ROLE;
}
