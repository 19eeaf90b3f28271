import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ERROR_KEYS, type ErrorKey } from '@portal/contract';
import { readLoginNotice } from '../../lib/login-notice';
import { forgetSessionExpired, wasSessionExpired } from '../../lib/session-expiry-notice';

/**
 * Why the visitor landed on sign-in, if there is something to say: a page's notice (a
 * refused reset link) or a lost session. The session flag is read once, then dropped, so
 * the next visit starts clean.
 */
export function useLoginNotice(): ErrorKey | undefined {
  const location = useLocation();
  const [isAfterExpiry] = useState(wasSessionExpired);
  useEffect(() => forgetSessionExpired(), []);
  return readLoginNotice(location.state) ?? (isAfterExpiry ? ERROR_KEYS.sessionExpired : undefined);
}
