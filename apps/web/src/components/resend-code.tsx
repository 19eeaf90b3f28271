import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import type { Countdown } from '../lib/use-countdown';

interface ResendCodeProps {
  countdown: Countdown;
  onResend: () => void;
  isSending: boolean;
}

/**
 * The wait before another code may be asked for, then the link that asks for it.
 * The seconds are a timer (readable, not announced each second); the moment a new code
 * may be asked for is announced once.
 */
export function ResendCode({ countdown, onResend, isSending }: ResendCodeProps) {
  const { t } = useTranslation();
  return (
    <div>
      {countdown.isRunning ? (
        <Text size="sm" c="dimmed" role="timer" data-testid="resend-countdown">
          {t('code.resendIn', { seconds: countdown.secondsLeft })}
        </Text>
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={isSending} data-testid="resend-code">
          {isSending ? t('code.sending') : t('code.resend')}
        </Anchor>
      )}
      <VisuallyHidden aria-live="polite">{countdown.isRunning ? '' : t('code.resendAvailable')}</VisuallyHidden>
    </div>
  );
}
