import { useQuery } from '@tanstack/react-query';
import { identityConnectionsEndpoints } from '@portal/contract';
import { Navigate } from '../../app/routing';
import { LoadingIndicator } from '../../components/loading-indicator';
import { PublicPageLayout } from '../../components/public-page-layout';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { landingPathOf } from '../../lib/landing-path';
import { forgetSessionExpired } from '../../lib/session-expiry-notice';
import { setStoredUser } from '../../lib/stored-user';

/**
 * Where an organisation's provider brings the person back, signed in: the person the new session
 * belongs to is read, kept as the login answer is, and the person goes on as after a sign-in (to
 * the code page while the portal's code is owed).
 */
export function ProviderReturnPage() {
  const { t } = useTranslation();
  const session = useQuery({
    queryKey: ['federatedSession'],
    // Kept before the page moves on: the signed-in routes' guard reads the person kept.
    queryFn: async ({ signal }) => {
      const answer = await callApi(identityConnectionsEndpoints.federatedSession, { signal });
      forgetSessionExpired();
      setStoredUser(answer.user);
      return answer;
    },
    retry: false,
    gcTime: 0,
  });
  const user = session.data?.user;

  if (session.isError) return <Navigate to="/login?federationError=errors.federation.stateMismatch" replace />;
  if (user) return <Navigate to={landingPathOf(user)} replace />;
  return (
    <PublicPageLayout>
      <LoadingIndicator label={t('auth.login.signingInWithProvider')} />
    </PublicPageLayout>
  );
}
