import type { LoggedInUser } from '@portal/contract';

/**
 * Where a signed-in user goes next: the code page while a code is owed, else the server's
 * redirect target. Only in-app paths are followed, so a tampered answer cannot send the
 * browser elsewhere.
 */
export function landingPathOf(user: LoggedInUser): string {
  if (user.mfa) return '/mfaCodeValidation';
  return user.redirectTo.startsWith('/') && !user.redirectTo.startsWith('//') ? user.redirectTo : '/';
}
