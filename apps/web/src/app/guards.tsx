import type { ReactNode } from 'react';
import type { Menu } from '@portal/contract';
import { useStoredUser } from '../lib/stored-user';
import { menuRedirect, pendingMfaRedirect, signedInRedirect } from './access-rules';
import { Navigate, Outlet } from './routing';

/*
 * The router's guards (route-guards.ts) apply these rules on every navigation. These
 * components apply them again while a page is shown, when the stored user changes under it:
 * a sign-out in another tab, a lost session, the code just accepted.
 */

export function RequireSignedIn() {
  const target = signedInRedirect(useStoredUser());
  return target === undefined ? <Outlet /> : <Navigate to={target} replace />;
}

export function RequirePendingMfa() {
  const target = pendingMfaRedirect(useStoredUser());
  return target === undefined ? <Outlet /> : <Navigate to={target} replace />;
}

export function RequireMenu({ menu, children }: { menu: Menu; children: ReactNode }) {
  const target = menuRedirect(useStoredUser(), menu);
  return target === undefined ? children : <Navigate to={target} replace />;
}
