import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { landingPathOf } from '../../lib/landing-path';
import { setStoredUser } from '../../lib/stored-user';

export interface Credentials {
  username: string;
  password: string;
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
      void navigate(landingPathOf(user), { replace: true });
    },
  });
}
