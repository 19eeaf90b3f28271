import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import type { SubscriptionRefusal } from '../lib/subscription-error';
import { AffectedReportList } from './affected-report-list';
import { Dialog } from './dialog';

interface DuplicateSubscriptionDialogProps {
  /** The duplicate refusal being answered; null when the dialog is closed. */
  refusal: SubscriptionRefusal | null;
  onCancel: () => void;
  /** Subscribes again, past the duplicate check; never offered when the client blocks duplicates. */
  onContinue: () => void;
  isContinuing: boolean;
  /** Set when the dialog opens over another one inside a Modal.Stack. */
  stackId?: string;
}

/**
 * Someone else already uses the subscription data (spec sections 2 and 8): Cancel or Continue,
 * or only OK when the client blocks duplicates.
 */
export function DuplicateSubscriptionDialog({ refusal, onCancel, onContinue, isContinuing, stackId }: DuplicateSubscriptionDialogProps) {
  const { t } = useTranslation();
  const isBlocked = refusal?.isBlocked ?? false;
  return (
    <Dialog
      stackId={stackId}
      opened={refusal !== null}
      onClose={onCancel}
      title={t('subscription.duplicateTitle')}
      centered
      closeOnClickOutside={false}
      data-testid="duplicate-dialog"
    >
      <Stack gap="md">
        <Text>{isBlocked ? t('subscription.duplicateBlocked') : t('subscription.duplicateQuestion')}</Text>
        {refusal && refusal.reports.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('subscription.affectedReports')}
            </Text>
            <AffectedReportList reports={refusal.reports} />
          </Stack>
        )}
        <Group justify="flex-end">
          {isBlocked ? (
            <Button onClick={onCancel} data-autofocus>
              {t('common.ok')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onCancel} disabled={isContinuing} data-autofocus>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={onContinue}
                loading={isContinuing}
                loaderProps={{ role: 'progressbar', 'aria-label': t('subscription.continuing') }}
              >
                {t('subscription.continue')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
