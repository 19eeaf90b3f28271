import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { securityEndpoints, MFA_TYPE, resendDelayAfter, type LoggedInUser } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { computeDeviceId } from '../../lib/device-id';
import { readRetryAfterSeconds } from '../../lib/retry-after';
import { useCountdown } from '../../lib/use-countdown';
import { useTimedMessage } from '../../lib/use-timed-message';

export type MfaChannel = (typeof MFA_TYPE)[keyof typeof MFA_TYPE];

/** The channel of the code sent at sign-in: the preferred one, when it can be used. */
function firstChannelOf(user: LoggedInUser): MfaChannel {
  return user.mfaType === MFA_TYPE.sms && user.mfaSms !== '' ? MFA_TYPE.sms : MFA_TYPE.email;
}

/**
 * Asking for another code: where the last one went, the wait before the next (the first
 * code was sent at sign-in, so the page opens with the first delay running), the channel
 * for the next one, and the confirmation banner.
 */
export function useMfaResend(user: LoggedInUser) {
  const { t } = useTranslation();
  const firstChannel = firstChannelOf(user);
  const [target, setTarget] = useState(firstChannel === MFA_TYPE.sms ? user.mfaSms : user.mfaEmail);
  const [channel, setChannel] = useState<MfaChannel>(firstChannel);
  const [hasResent, setResent] = useState(false);
  const countdown = useCountdown(resendDelayAfter(1));
  const banner = useTimedMessage();

  const resend = useMutation({
    mutationFn: () =>
      callApi(securityEndpoints.sendMfaCode, {
        body: { MFAType: channel, AuditRoot: user.mfaAuditRoot || undefined, UserId: user.userid, DeviceId: computeDeviceId() },
      }),
    onSuccess: (answer) => {
      setTarget(answer.target);
      setResent(true);
      countdown.restart(answer.nextResendSeconds);
      banner.show({ kind: 'success', text: t('mfa.resent', { target: answer.target }) });
    },
    onError: (error) => {
      // Too early: the server says how long is left, so the countdown tells the truth again.
      const retryAfter = readRetryAfterSeconds(error);
      if (retryAfter !== undefined) countdown.restart(retryAfter);
      banner.show({ kind: 'error', text: describeError(error) });
    },
  });

  return {
    target,
    channel,
    setChannel,
    /** The spec offers the choice only to a user with a phone, once a code has been resent. */
    canChooseChannel: user.mfaSms !== '' && hasResent,
    countdown,
    banner,
    resend,
  };
}
