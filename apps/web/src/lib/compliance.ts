import type { LoggedInUser } from '@portal/contract';

/**
 * Whether the person may act for a client toward a regulator or a court (export evidence of
 * access, place legal holds): those who manage users from ADMIN up, not customer service. The
 * server decides (permissions.ts, requireComplianceScope); this only keeps the web from offering
 * what it would refuse.
 */
export function mayActForClient(user: Pick<LoggedInUser, 'role' | 'menus'>): boolean {
  return user.menus.includes('userManagement') && user.role !== 'CUSTOMER_SERVICE';
}
