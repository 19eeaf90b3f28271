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
  /** While the code is awaited: whether the person has a passkey to use instead. */
  passkeys?: boolean;
}

/** What the code step may offer besides a code. */
export type CodeStepOffers = Pick<SignedInUser, 'trustDeviceDays' | 'passkeys'>;

/** The menus come from the one permission matrix, so the web never shows an entry the server would refuse. */
export function describeSignedInUser(user: UserWithOrganisation, mfaPending: boolean, offers: CodeStepOffers = {}): SignedInUser {
  if (!isRoleCode(user.role_code)) throw new Error(`Unknown role ${user.role_code}`);
  return {
    user,
    role: user.role_code,
    menus: getMenusForRole(user.role_code),
    mfaPending,
    ...(offers.trustDeviceDays && { trustDeviceDays: offers.trustDeviceDays }),
    ...(offers.passkeys && { passkeys: true }),
  };
}
