import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { accountEndpoints, COMMUNICATION_TYPE, ERROR_KEYS, type UserInfo } from '@portal/contract';
import { TimedBanner } from '../../components/timed-banner';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { readRetryAfterSeconds } from '../../lib/retry-after';
import { useCountdown } from '../../lib/use-countdown';
import { useTimedMessage } from '../../lib/use-timed-message';
import { ContactCodeStep } from './contact-code-step';
import { displayContact, type CommunicationKind } from './contact-value';
import { ContactValueStep } from './contact-value-step';

interface CommunicationStepsProps {
  kind: CommunicationKind;
  /** The saved address or E.164 number ('' when there is none yet). */
  currentValue: string;
  onCancel: () => void;
  onChanged: (userInfo: UserInfo) => void;
}

/** Step 1: the new value, which receives a code; step 2: that code. Previous goes back and forgets the code. */
export function CommunicationSteps({ kind, currentValue, onCancel, onChanged }: CommunicationStepsProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'value' | 'code'>('value');
  const [typed, setTyped] = useState(() => displayContact(kind, currentValue));
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const countdown = useCountdown(0);
  const banner = useTimedMessage();

  const send = useMutation({
    mutationFn: (value: string) =>
      callApi(accountEndpoints.sendContactValidationCode, {
        body: { ContactValue: value, CommunicationType: kind === 'email' ? COMMUNICATION_TYPE.email : COMMUNICATION_TYPE.phone },
      }),
    onSuccess: (answer, value) => {
      if (step === 'code') banner.show({ kind: 'success', text: t('settings.communication.codeResent') });
      else banner.clear();
      setSentTo(value);
      setStep('code');
      countdown.restart(answer.nextResendSeconds);
    },
    onError: (error, value) => {
      const retryAfter = readRetryAfterSeconds(error);
      if (retryAfter !== undefined) countdown.restart(retryAfter);
      // A code went to this same value moments ago and still works: go and enter it.
      const isCodeAlreadySent = isApiError(error) && error.key === ERROR_KEYS.resendTooSoon;
      if (isCodeAlreadySent && step === 'value') {
        setSentTo(value);
        setStep('code');
        banner.show({ kind: 'info', text: t('settings.communication.codeAlreadySent') });
        return;
      }
      banner.show({ kind: 'error', text: describeError(error) });
    },
  });

  const validate = useMutation({
    mutationFn: (validationCode: string) =>
      callApi(accountEndpoints.validateContactValidationCode, { body: { ContactValue: sentTo, ContactValidationCode: validationCode } }),
    onSuccess: (answer) => onChanged(answer.userInfo),
    onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
  });

  return (
    <Stack gap="md">
      <TimedBanner message={banner.message} onClose={banner.clear} testId="communication-banner" />
      {step === 'value' ? (
        <ContactValueStep
          kind={kind}
          currentValue={currentValue}
          typed={typed}
          onTypedChange={setTyped}
          isSending={send.isPending}
          onSend={(value) => send.mutate(value)}
          onCancel={onCancel}
        />
      ) : (
        <ContactCodeStep
          target={displayContact(kind, sentTo)}
          code={code}
          onCodeChange={setCode}
          countdown={countdown}
          isSending={send.isPending}
          isValidating={validate.isPending}
          onResend={() => send.mutate(sentTo)}
          onValidate={(validationCode) => validate.mutate(validationCode)}
          onPrevious={() => {
            setCode('');
            banner.clear();
            setStep('value');
          }}
        />
      )}
    </Stack>
  );
}
