import { PublicPageLayout } from '../../components/public-page-layout';
import { useStoredUser } from '../../lib/stored-user';
import { MfaChallenge } from './mfa-challenge';

/** Spec section 2, "MFA verification": the second step of signing in. */
export function MfaPage() {
  // The route guard renders this only for a user who still owes a code.
  const user = useStoredUser();
  return <PublicPageLayout>{user && <MfaChallenge user={user} />}</PublicPageLayout>;
}
