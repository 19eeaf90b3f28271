import type { LoggedInUser, Menu } from '@portal/contract';
import { landingPathOf } from '../lib/landing-path';

/**
 * Who may stay on which page, as the address to send a person to instead (undefined: they
 * may stay). One set of rules for the router's guards and for the guard components.
 */

/** Signed-in pages: a stored user who has passed the one-time code. */
export function signedInRedirect(user: LoggedInUser | null): string | undefined {
  if (!user) return '/login';
  if (user.mfa) return '/mfaCodeValidation';
  return undefined;
}

/** The code page: only for a user who has passed the password step and still owes the code. */
export function pendingMfaRedirect(user: LoggedInUser | null): string | undefined {
  if (!user) return '/login';
  // Right after the code is accepted this meets the new user first: send it where the server said.
  if (!user.mfa) return landingPathOf(user);
  return undefined;
}

/** Pages behind a menu entry of the login answer; the server still enforces the permission. */
export function menuRedirect(user: LoggedInUser | null, menu: Menu): string | undefined {
  return user?.menus.includes(menu) ? undefined : '/';
}
