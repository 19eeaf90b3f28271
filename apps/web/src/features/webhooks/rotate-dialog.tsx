import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { WEBHOOK_ROTATION_OVERLAP_HOURS } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import type { WebhookChanges } from './webhook-queries';

/** How long the previous secret may keep signing: a day by default, down to not at all when it may have leaked. */
const OVERLAPS = [WEBHOOK_ROTATION_OVERLAP_HOURS, 12, 1, 0] as const;

interface RotateDialogProps {
  /** The endpoint whose secret is rotated; null while closed. */
  endpoint: { id: number; url: string } | null;
  rotate: WebhookChanges['rotate'];
  onClose: () => void;
  onRotated: (shown: { url: string; secret: string }) => void;
}

/** Asks before making a new secret, and for how long the previous one keeps signing beside it. */
export function RotateDialog({ endpoint, rotate, onClose, onRotated }: RotateDialogProps) {
  const { t } = useTranslation();
  const [overlap, setOverlap] = useState(String(WEBHOOK_ROTATION_OVERLAP_HOURS));
  const overlapLabel = (hours: number) => (hours === 0 ? t('webhooks.overlap.none') : t('webhooks.overlap.hours', { count: hours }));
  return (
    <Dialog opened={endpoint !== null} onClose={onClose} title={t('webhooks.rotateTitle')} centered>
      <Stack gap="md">
        {rotate.error && <ErrorAlert>{describeError(rotate.error)}</ErrorAlert>}
        <Text>{t('webhooks.rotateText', { url: endpoint?.url ?? '' })}</Text>
        <Select
          label={t('webhooks.overlap.label')}
          data={OVERLAPS.map((hours) => ({ value: String(hours), label: overlapLabel(hours) }))}
          value={overlap}
          onChange={(value) => setOverlap(value ?? String(WEBHOOK_ROTATION_OVERLAP_HOURS))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('webhooks.cancel')}
          </Button>
          <Button
            loading={rotate.isPending}
            data-autofocus
            onClick={() =>
              endpoint &&
              rotate.mutate(
                { id: endpoint.id, overlapHours: Number(overlap) },
                { onSuccess: (answer) => onRotated({ url: answer.endpoint.url, secret: answer.secret }) },
              )
            }
          >
            {t('webhooks.rotate')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
