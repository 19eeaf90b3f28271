import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import type { GenerationState } from './use-usage-report-generation';

interface GenerationDialogProps {
  state: GenerationState;
  onCancel: () => void;
  onDismiss: () => void;
}

/**
 * The waiting dialog of spec section 2: Cancel while the spreadsheet is prepared, then OK, with the
 * server's refusal in its text when there is one (spec section 8).
 */
export function GenerationDialog({ state, onCancel, onDismiss }: GenerationDialogProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isRunning = state.status === 'running';
  const okButton = useRef<HTMLButtonElement>(null);

  // Cancel leaves with the running state; the OK that replaces it must take the focus over.
  useEffect(() => {
    if (state.status === 'done' || state.status === 'failed') okButton.current?.focus();
  }, [state.status]);

  const received = isRunning && state.progress ? state.progress.received : 0;
  const total = isRunning && state.progress ? state.progress.total : null;

  return (
    <Dialog
      opened={state.status !== 'idle'}
      onClose={isRunning ? onCancel : onDismiss}
      title={t('usageReports.dialog.title')}
      centered
      closeOnClickOutside={false}
      withCloseButton={!isRunning}
      data-testid="usage-report-dialog"
    >
      <Stack gap="lg">
        {isRunning && (
          <Stack gap="xs">
            <Text role="status">{t('usageReports.dialog.running')}</Text>
            {total ? (
              <Progress value={(received / total) * 100} aria-label={t('usageReports.dialog.progress')} />
            ) : (
              <Progress value={100} animated striped aria-label={t('usageReports.dialog.progress')} />
            )}
            {received > 0 && (
              <Text size="sm" c="dimmed">
                {t('usageReports.dialog.received', { size: formatNumber(Math.max(1, Math.round(received / 1024)), language) })}
              </Text>
            )}
          </Stack>
        )}
        {state.status === 'done' && (
          <Alert color="green" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('usageReports.dialog.done')}
          </Alert>
        )}
        {state.status === 'failed' && (
          // No Alert title: its coloured text is too faint on the tinted background.
          <ErrorAlert>
            <Text fw={600} size="sm">
              {t('usageReports.dialog.failed')}
            </Text>
            <Text size="sm">{state.message}</Text>
          </ErrorAlert>
        )}
        <Group justify="flex-end">
          {isRunning ? (
            <Button variant="default" onClick={onCancel} data-autofocus>
              {t('common.cancel')}
            </Button>
          ) : (
            <Button ref={okButton} onClick={onDismiss}>
              {t('common.ok')}
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
