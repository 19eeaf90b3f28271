import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';

interface ErrorAlertProps {
  children: ReactNode;
  title?: ReactNode;
  testId?: string;
  /** Offered for a failed read: asks again, leaving what the person typed where it is. */
  onRetry?: () => void;
  /** What Retry asks again, for screen readers when several lists may fail ("Retry Account statements"). */
  retryLabel?: string;
  /** The read is being asked again: Retry waits. */
  isRetrying?: boolean;
}

/** A failure shown in the page: one look everywhere, announced at once to screen readers. */
export function ErrorAlert({ children, title, testId, onRetry, retryLabel, isRetrying = false }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={title} data-testid={testId}>
      {children}
      {onRetry && (
        <Group mt="sm">
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={isRetrying}
            aria-label={retryLabel}
          >
            {t('common.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
