import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endpoints, type LoggedInUser } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { landingPathOf } from '../../lib/landing-path';
import { setStoredUser } from '../../lib/stored-user';

/** Checks the code; when right, the answer is the fully signed-in user, who goes where the server says. */
export function useMfaValidation(user: LoggedInUser) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ code, trustDevice }: { code: string; trustDevice: boolean }) =>
      callApi(endpoints.mfaCodeValidation, {
        body: {
          MFACode: code,
          AuditRoot: user.mfaAuditRoot || undefined,
          UserId: user.userid,
          DeviceId: computeDeviceId(),
          // Sent only when asked for: a request without it is exactly the specification's.
          ...(trustDevice && { TrustDevice: true }),
        },
      }),
    onSuccess: ({ user: signedIn }) => {
      setStoredUser(signedIn);
      void navigate(landingPathOf(signedIn), { replace: true });
    },
  });
}
