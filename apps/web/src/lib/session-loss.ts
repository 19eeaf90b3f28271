import { ERROR_KEYS } from '@portal/contract';
import type { ApiError } from './api-error';
import { rememberSessionExpired } from './session-expiry-notice';
import { clearStoredUser } from './stored-user';

const SESSION_STATUSES = new Set([401, 419]);

/** A lost session on a file answer: forget the user and go to sign-in, as callApi does. */
export function handleSessionLoss(error: ApiError): void {
  if (!SESSION_STATUSES.has(error.status) && error.key !== ERROR_KEYS.sessionExpired) return;
  clearStoredUser();
  if (!window.location.hash.startsWith('#/login')) {
    rememberSessionExpired();
    window.location.hash = '#/login';
  }
}
