import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { Menu } from '@portal/contract';
import { landingPathOf } from '../lib/landing-path';
import { useStoredUser } from '../lib/stored-user';

/** Signed-in pages: a stored user who has passed the one-time code. */
export function RequireSignedIn() {
  const user = useStoredUser();
  if (!user) return <Navigate to="/login" replace />;
  if (user.mfa) return <Navigate to="/mfaCodeValidation" replace />;
  return <Outlet />;
}

/** The code page: only for a user who has passed the password step and still owes the code. */
export function RequirePendingMfa() {
  const user = useStoredUser();
  if (!user) return <Navigate to="/login" replace />;
  // Right after the code is accepted this meets the new user first: send it where the server said.
  if (!user.mfa) return <Navigate to={landingPathOf(user)} replace />;
  return <Outlet />;
}

/** Pages behind a menu entry of the login answer; the server still enforces the permission. */
export function RequireMenu({ menu, children }: { menu: Menu; children: ReactNode }) {
  const user = useStoredUser();
  if (!user?.menus.includes(menu)) return <Navigate to="/" replace />;
  return children;
}
