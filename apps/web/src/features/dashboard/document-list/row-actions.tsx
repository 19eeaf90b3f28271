import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';

interface RowActionsProps {
  label: string;
  onPreview: () => void;
  onDownload: () => void;
}

/** Preview and download of one document; their names say which document. */
export function RowActions({ label, onPreview, onDownload }: RowActionsProps) {
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
    </Group>
  );
}
