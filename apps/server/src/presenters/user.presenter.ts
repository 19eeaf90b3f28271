import type { LoggedInUser } from '@portal/contract';
import type { SignedInUser } from '../services/signed-in-user.js';

/** The signed-in user in the wire names of the specification. */
export function presentLoggedInUser({ user, role, menus, mfaPending, trustDeviceDays, passkeys }: SignedInUser): LoggedInUser {
  return {
    userid: user.id,
    firstname: user.first_name,
    lastname: user.last_name,
    role,
    client: user.client_code,
    experience: user.experience_code,
    menus,
    mfa: mfaPending,
    mfaType: user.mfa_type === 1 ? 1 : 0,
    mfaEmail: maskEmail(user.email),
    mfaSms: user.phone_number ? maskPhone(user.phone_number) : '',
    mfaAuditRoot: '',
    LockedOut: false,
    rejectedPassword: 0,
    redirectTo: '/',
    searchPreference: user.search_preference as LoggedInUser['searchPreference'],
    ...(trustDeviceDays !== undefined && { trustDeviceDays }),
    ...(passkeys && { passkeys }),
  };
}

/** j***@example.com: enough to recognise one's address, not enough to learn someone else's. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export function maskPhone(phone: string): string {
  return `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}
