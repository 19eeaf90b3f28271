/**
 * Remembers, for the sign-in page, that the browser was sent there because the session was
 * lost, so it can say "Session expired" instead of a silent sign-in form. Kept in
 * sessionStorage because the redirect is a plain hash change that carries no router state.
 */
const STORAGE_KEY = 'portal.sessionExpired';

export function rememberSessionExpired(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, '1');
  } catch {
    // Storage refused: the sign-in page simply shows no notice.
  }
}

export function wasSessionExpired(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetSessionExpired(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
