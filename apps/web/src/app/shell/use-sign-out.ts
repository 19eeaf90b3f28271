import { useQueryClient } from '@tanstack/react-query';
import { sessionEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { forgetSession } from '../../lib/forget-session';
import { forgetSessionExpired } from '../../lib/session-expiry-notice';
import { useNavigate } from '../routing';

/** Ends the session (the log-out dialog's Yes) and shows the sign-in page, or the provider's sign-out that returns to it. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return async () => {
    let providerLogoutUrl: string | undefined;
    try {
      ({ providerLogoutUrl } = await callApi(sessionEndpoints.logout));
    } catch {
      // Signing out locally still matters when the server cannot be told.
    }
    forgetSession(queryClient);
    // Leaving on purpose: a notice left by an earlier lost session has nothing to say now.
    forgetSessionExpired();
    // Signed in by the person's organisation: its provider ends its own session too, then sends the browser back.
    if (providerLogoutUrl) window.location.assign(providerLogoutUrl);
    else void navigate('/login', { replace: true });
  };
}
