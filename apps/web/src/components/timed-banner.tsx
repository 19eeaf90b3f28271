import { useEffect, useRef } from 'react';
import { Alert, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import type { TimedMessage } from '../lib/use-timed-message';

const LOOK = {
  success: { color: 'green', icon: IconCircleCheck },
  error: { color: 'red', icon: IconAlertCircle },
  info: { color: 'blue', icon: IconInfoCircle },
} as const;

/**
 * A success or error banner. An error interrupts: an alert is read when it appears. The rest is
 * read through a polite region that is always in the page, since a screen reader reads a change
 * inside a live region it already knows, not a region that arrives with its text; the banner
 * itself then hides its words from it, so they are not read twice. A banner sits above what it
 * reports on, which may have been scrolled far below it: it comes into view when it arrives.
 */
export function TimedBanner({ message, onClose, testId }: { message: TimedMessage | null; onClose: () => void; testId?: string }) {
  const { t } = useTranslation();
  const isPolite = message !== null && message.kind !== 'error';
  const look = message && LOOK[message.kind];
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) shown.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  return (
    <>
      <VisuallyHidden role="status" data-testid={testId && `${testId}-region`}>
        {isPolite ? message.text : ''}
      </VisuallyHidden>
      {message && look && (
        <Alert
          ref={shown}
          color={look.color}
          variant="light"
          icon={<look.icon aria-hidden />}
          role={isPolite ? 'none' : 'alert'}
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={onClose}
          data-testid={testId}
          data-kind={message.kind}
        >
          {isPolite ? <span aria-hidden>{message.text}</span> : message.text}
        </Alert>
      )}
    </>
  );
}
