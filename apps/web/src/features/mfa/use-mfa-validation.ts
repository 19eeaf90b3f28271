import { useMutation } from '@tanstack/react-query';
import { securityEndpoints, type LoggedInUser } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { trustDeviceField, useSecondStepPassed } from './use-second-step-passed';

/** Checks the code; when right, the answer is the fully signed-in user, who goes where the server says. */
export function useMfaValidation(user: LoggedInUser) {
  return useMutation({
    mutationFn: ({ code, trustDevice }: { code: string; trustDevice: boolean }) =>
      callApi(securityEndpoints.mfaCodeValidation, {
        body: {
          MFACode: code,
          AuditRoot: user.mfaAuditRoot || undefined,
          UserId: user.userid,
          DeviceId: computeDeviceId(),
          ...trustDeviceField(trustDevice),
        },
      }),
    onSuccess: useSecondStepPassed(),
  });
}
