import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { OneTimeCodeSchema } from '@portal/contract';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { ResendCode } from '../../components/resend-code';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import type { Countdown } from '../../lib/use-countdown';
import { validateWith } from '../../lib/zod-validator';

const checkCode = validateWith(OneTimeCodeSchema);

interface ContactCodeStepProps {
  /** Where the code went, as the user reads it. */
  target: string;
  code: string;
  onCodeChange: (code: string) => void;
  countdown: Countdown;
  isSending: boolean;
  isValidating: boolean;
  onResend: () => void;
  onValidate: (code: string) => void;
  onPrevious: () => void;
}

/** Step 2: the code sent to the new address or number, with the same resend wait as at sign-in. */
export function ContactCodeStep(props: ContactCodeStepProps) {
  const { target, code, onCodeChange, countdown, isSending, isValidating, onResend, onValidate, onPrevious } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const codeInput = useRef<HTMLInputElement>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  // The step changed under the user's focus (the Send button is gone): bring it to the code.
  useEffect(() => codeInput.current?.focus(), []);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problem = checkCode(code);
        setErrorKey(problem);
        if (problem === null) onValidate(code);
      }}
    >
      <Stack gap="md">
        <Text size="sm" data-testid="communication-target">
          {t('settings.communication.codeSent', { target })}
        </Text>
        <OneTimeCodeInput
          ref={codeInput}
          value={code}
          onChange={(next) => {
            setErrorKey(null);
            onCodeChange(next);
          }}
          error={errorText(errorKey)}
        />
        <ResendCode countdown={countdown} onResend={onResend} isSending={isSending} />
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onPrevious}>
            {t('common.previous')}
          </Button>
          <Button type="submit" loading={isValidating} loaderProps={{ role: 'progressbar', 'aria-label': t('code.validating') }}>
            {t('common.validate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
