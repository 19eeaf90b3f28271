import { useMutation } from '@tanstack/react-query';
import { passkeysEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { signWithPasskey } from '../../lib/passkeys';
import { trustDeviceField, useSecondStepPassed } from './use-second-step-passed';

/** A passkey instead of the code: a challenge from the server, the browser's prompt, the signature checked. */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async ({ trustDevice }: { trustDevice: boolean }) => {
      const { options } = await callApi(passkeysEndpoints.passkeySignInOptions, {});
      const credential = await signWithPasskey(options);
      return callApi(passkeysEndpoints.passkeySignIn, {
        body: { Credential: credential, DeviceId: computeDeviceId(), ...trustDeviceField(trustDevice) },
      });
    },
    onSuccess: useSecondStepPassed(),
  });
}
