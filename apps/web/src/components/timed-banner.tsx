import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimedMessage } from '../lib/use-timed-message';

const LOOK = {
  success: { color: 'green', icon: IconCircleCheck },
  error: { color: 'red', icon: IconAlertCircle },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

/** A success or error banner; errors interrupt (role=alert), the rest wait their turn (role=status). */
export function TimedBanner({ message, onClose, testId }: { message: TimedMessage | null; onClose: () => void; testId?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  const { color, icon: Icon } = LOOK[message.kind];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon aria-hidden />}
      role={message.kind === 'error' ? 'alert' : 'status'}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onClose}
      data-testid={testId}
      data-kind={message.kind}
    >
      {message.text}
    </Alert>
  );
}
