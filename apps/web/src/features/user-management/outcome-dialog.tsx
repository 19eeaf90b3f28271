import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { SUCCESS_DIALOG_CLOSE_MS } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import type { Outcome } from './outcome';

export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Stable, so that the success dialog's timer is not restarted by every render.
  const close = useCallback(() => setOutcome(null), []);
  return { outcome, show: setOutcome, close };
}

/** The success dialog closes itself after 2 seconds (spec section 9); the error dialog waits for OK. */
export function OutcomeDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isSuccess = outcome?.kind === 'success';

  useEffect(() => {
    if (!isSuccess) return;
    const timer = window.setTimeout(onClose, SUCCESS_DIALOG_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isSuccess, outcome, onClose]);

  const title = !outcome
    ? ''
    : outcome.kind === 'success'
      ? t('userManagement.outcome.success')
      : outcome.title || t('userManagement.outcome.error');
  return (
    <Dialog opened={outcome !== null} onClose={onClose} title={title} centered data-testid={isSuccess ? 'success-dialog' : 'error-dialog'}>
      <Stack gap="lg">
        <Text role={isSuccess ? 'status' : 'alert'}>{outcome?.text}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
