import type { Menu, RoleCode } from '@portal/contract';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { getMenusForRole, isRoleCode } from './permissions.js';

/** A person at the end of a sign-in step: who, with which role and menus, and whether a code is still awaited. */
export interface SignedInUser {
  user: UserWithOrganisation;
  role: RoleCode;
  menus: Menu[];
  mfaPending: boolean;
  /** While the code is awaited: the days the device may be trusted for, when the person may trust it. */
  trustDeviceDays?: number;
}

/** The menus come from the one permission matrix, so the web never shows an entry the server would refuse. */
export function describeSignedInUser(user: UserWithOrganisation, mfaPending: boolean, trustDeviceDays?: number): SignedInUser {
  if (!isRoleCode(user.role_code)) throw new Error(`Unknown role ${user.role_code}`);
  return { user, role: user.role_code, menus: getMenusForRole(user.role_code), mfaPending, ...(trustDeviceDays && { trustDeviceDays }) };
}
