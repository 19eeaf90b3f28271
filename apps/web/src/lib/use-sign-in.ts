import { useMutation } from '@tanstack/react-query';
import { sessionEndpoints } from '@portal/contract';
import { useNavigate } from '../app/routing';
import { callApi } from './api-client';
import { computeDeviceId } from './device-id';
import { landingPathOf } from './landing-path';
import { forgetSessionExpired } from './session-expiry-notice';
import { setStoredUser } from './stored-user';

export interface Credentials {
  username: string;
  password: string;
}

/**
 * Signs in with a username and password, as the login form does, then goes where the answer
 * says (the code page while a code is owed). Shared: a new account signs in the same way.
 */
export function useSignIn(options: { beforeSignIn: () => Promise<void> }) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ username, password }: Credentials) => {
      await options.beforeSignIn();
      return callApi(sessionEndpoints.processLogin, {
        body: { UserName: username.trim(), Password: password, DeviceId: computeDeviceId() },
      });
    },
    onSuccess: ({ user }) => {
      forgetSessionExpired();
      setStoredUser(user);
      void navigate(landingPathOf(user), { replace: true });
    },
  });
}
