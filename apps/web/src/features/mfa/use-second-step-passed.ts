import type { LoggedInUser } from '@portal/contract';
import { useNavigate } from '../../app/routing';
import { landingPathOf } from '../../lib/landing-path';
import { setStoredUser } from '../../lib/stored-user';

/** The second step passed, by a code or a passkey: the person is kept as fully signed in and goes where the server says. */
export function useSecondStepPassed() {
  const navigate = useNavigate();
  return ({ user }: { user: LoggedInUser }) => {
    setStoredUser(user);
    void navigate(landingPathOf(user), { replace: true });
  };
}

/** "Trust this device" is sent only when asked for: a request without it is exactly the specification's. */
export const trustDeviceField = (trustDevice: boolean) => (trustDevice ? { TrustDevice: true as const } : {});
