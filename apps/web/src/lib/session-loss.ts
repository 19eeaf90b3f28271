import { sessionEndpoints, ERROR_KEYS, type Endpoint } from '@portal/contract';
import { isApiError } from './api-error';
import { rememberSessionExpired } from './session-expiry-notice';
import { clearStoredUser } from './stored-user';
import { CUSTOMER_VIEW_LOST_EVENT, getCustomerView } from './customer-view-store';

/** Statuses the server uses for a missing or expired session. */
const SESSION_STATUSES = new Set([401, 419]);

/** The failure says the session is gone, whatever the call that met it. */
export function isSessionLost(error: unknown): boolean {
  return isApiError(error) && (SESSION_STATUSES.has(error.status) || error.key === ERROR_KEYS.sessionExpired);
}

/**
 * The one answer to a lost session, for JSON and file calls alike: forget the stored user and
 * go to sign-in, which then says why. Signing in answers its own failures (wrong password,
 * lockout), which are not a lost session.
 */
export function handleSessionLoss(endpoint: Pick<Endpoint, 'path'>, error: unknown): void {
  if (endpoint.path === sessionEndpoints.processLogin.path || !isSessionLost(error)) return;
  // In a customer view, a lost session is the view's end: leaving it gives the staff member theirs back.
  if (getCustomerView()) {
    window.dispatchEvent(new Event(CUSTOMER_VIEW_LOST_EVENT));
    return;
  }
  // The notice and the address come first: forgetting the user re-renders the guards, which
  // send the browser to sign-in too, and the page must find the notice there.
  if (!window.location.hash.startsWith('#/login')) {
    rememberSessionExpired();
    window.location.hash = '#/login';
  }
  clearStoredUser();
}
