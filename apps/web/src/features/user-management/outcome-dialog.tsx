import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUCCESS_DIALOG_CLOSE_MS } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { isApiError } from '../../lib/api-error';

/** What the last change came to: the server's confirmation, or why it failed. */
export type Outcome = { kind: 'success'; text: string } | { kind: 'error'; title: string; text: string };

/**
 * The error of a failed change (spec section 8): a heading such as 'Error occurred during save'
 * and the server's message (its translation when the key is known). When the server could not
 * be reached there is nothing more to say than the generic text.
 */
export function failureOutcome(error: unknown, title: string): Outcome {
  return { kind: 'error', title: isNetworkFailure(error) ? '' : title, text: describeError(error) };
}

/** The server could not be reached at all (the API client reports status 0). */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.status === 0;
}

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

  const title = !outcome ? '' : outcome.kind === 'success' ? t('userManagement.outcome.success') : outcome.title || t('userManagement.outcome.error');
  return (
    <Modal
      opened={outcome !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid={isSuccess ? 'success-dialog' : 'error-dialog'}
    >
      <Stack gap="lg">
        <Text role={isSuccess ? 'status' : 'alert'}>{outcome?.text}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
