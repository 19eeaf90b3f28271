import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { LEGAL_HOLD_REASON_MAX_LENGTH, type LegalHold } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { reasonError } from './legal-hold-form';
import type { useLegalHoldChanges } from './legal-hold-queries';

interface ReleaseLegalHoldDialogProps {
  hold: LegalHold | null;
  /** What the hold keeps, as the list says it. */
  subject: string;
  release: ReturnType<typeof useLegalHoldChanges>['release'];
  onClose: () => void;
}

/** Releasing lets retention and deletions reach the documents again: it asks why, and Cancel has the focus. */
export function ReleaseLegalHoldDialog({ hold, subject, release, onClose }: ReleaseLegalHoldDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (hold) {
      setReason('');
      setError(undefined);
    }
  }, [hold]);

  const confirm = () => {
    const refused = reasonError(reason);
    setError(refused);
    if (!refused && hold) release.mutate({ id: hold.id, reason: reason.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog opened={hold !== null} onClose={onClose} title={t('legalHolds.release.title')} centered data-testid="release-legal-hold-dialog">
      {hold && (
        <Stack gap="lg">
          {release.isError && <ErrorAlert>{describeError(release.error)}</ErrorAlert>}
          <Text>{t('legalHolds.release.text', { subject })}</Text>
          <Textarea
            label={t('legalHolds.release.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={LEGAL_HOLD_REASON_MAX_LENGTH}
            autosize
            minRows={2}
            required
            error={errorText(error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={release.isPending} data-autofocus>
              {t('common.cancel')}
            </Button>
            <DangerButton variant="light" loading={release.isPending} onClick={confirm}>
              {t('legalHolds.release.confirm')}
            </DangerButton>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
