import { ERROR_KEYS, type ErrorKey } from '@portal/contract';
import { useLocation } from '../../app/routing';
import { readLoginNotice } from '../../lib/login-notice';
import { wasSessionExpired } from '../../lib/session-expiry-notice';

/**
 * Why the visitor landed on sign-in, if there is something to say: a page's notice (a
 * refused reset link) or a lost session. The session flag is read on every render, not once:
 * the sign-in page may be on screen before the failing call has set it, or be drawn again,
 * and must still say why. Signing in again, or signing out on purpose, drops it.
 */
export function useLoginNotice(): ErrorKey | undefined {
  const location = useLocation();
  return readLoginNotice(location.state) ?? (wasSessionExpired() ? ERROR_KEYS.sessionExpired : undefined);
}
