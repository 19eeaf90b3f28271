import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpoints, type LoggedInUser } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { setStoredUser } from '../../lib/stored-user';

export interface Credentials {
  username: string;
  password: string;
}

/** Where the login answer sends the user: the code page first when a code is owed. */
function landingPath(user: LoggedInUser): string {
  if (user.mfa) return '/mfaCodeValidation';
  return user.redirectTo.startsWith('/') ? user.redirectTo : '/';
}

export function useSignIn(options: { beforeSignIn: () => Promise<void> }) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ username, password }: Credentials) => {
      await options.beforeSignIn();
      return callApi(endpoints.processLogin, {
        body: { UserName: username.trim(), Password: password, DeviceId: computeDeviceId() },
      });
    },
    onSuccess: ({ user }) => {
      setStoredUser(user);
      void navigate(landingPath(user), { replace: true });
    },
  });
}
