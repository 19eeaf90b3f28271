import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { landingPathOf } from '../../lib/landing-path';
import { signWithPasskey } from '../../lib/passkeys';
import { setStoredUser } from '../../lib/stored-user';

/** A passkey instead of the code: a challenge from the server, the browser's prompt, the signature checked. */
export function usePasskeySignIn() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ trustDevice }: { trustDevice: boolean }) => {
      const { options } = await callApi(endpoints.passkeySignInOptions, {});
      const credential = await signWithPasskey(options);
      return callApi(endpoints.passkeySignIn, {
        body: { Credential: credential, DeviceId: computeDeviceId(), ...(trustDevice && { TrustDevice: true }) },
      });
    },
    onSuccess: ({ user: signedIn }) => {
      setStoredUser(signedIn);
      void navigate(landingPathOf(signedIn), { replace: true });
    },
  });
}
