import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconEye, IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';
import type { AcknowledgementState } from './use-acknowledgement';

export interface RowActionsProps {
  label: string;
  onPreview: () => void;
  onDownload: () => void;
  /** Where the type asks the person to confirm reading: the document's state, and the confirmation. */
  acknowledgement?: { state: AcknowledgementState; isConfirming: boolean; onConfirm: () => void };
  /** For staff: who read the document and its evidence of access. */
  onRecord?: () => void;
}

/** Preview and download of one document, its confirmation of reading where asked, its record for staff; their names say which document. */
export function RowActions({ label, onPreview, onDownload, acknowledgement, onRecord }: RowActionsProps) {
  const { t } = useTranslation();
  const previewLabel = t('documents.previewOne', { name: label });
  const downloadLabel = t('documents.downloadOne', { name: label });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('documents.preview')} withArrow>
        <ActionIcon variant="subtle" size="lg" onClick={onPreview} aria-label={previewLabel}>
          <IconEye size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('documents.download')} withArrow>
        <ActionIcon variant="subtle" size="lg" onClick={onDownload} aria-label={downloadLabel}>
          <IconDownload size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {onRecord && (
        <Tooltip label={t('documents.record.action')} withArrow>
          <ActionIcon variant="subtle" size="lg" onClick={onRecord} aria-label={t('documents.record.actionOf', { name: label })}>
            <IconFileCertificate size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {acknowledgement?.state === 'awaiting' && (
        <Button
          variant="light"
          size="compact-sm"
          loading={acknowledgement.isConfirming}
          onClick={acknowledgement.onConfirm}
          aria-label={t('documents.acknowledgement.confirmOf', { name: label })}
        >
          {t('documents.acknowledgement.confirmShort')}
        </Button>
      )}
      {acknowledgement?.state === 'confirmed' && (
        <Tooltip label={t('documents.acknowledgement.confirmed')} withArrow>
          <IconCircleCheck
            size={22}
            role="img"
            aria-label={t('documents.acknowledgement.confirmedOf', { name: label })}
            color="var(--mantine-color-teal-9)"
          />
        </Tooltip>
      )}
    </Group>
  );
}
