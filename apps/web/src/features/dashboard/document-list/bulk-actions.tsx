import { useId } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import { DOCUMENT_SELECTION_MAX, DOCUMENT_SELECTION_MIN } from '@portal/contract';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';
import type { TransferProgress } from '../../../lib/file-transfer';
import classes from './document-list.module.css';
import { formatNumber } from '../../../lib/format';
import { useCurrentLanguage } from '../../../i18n/use-current-language';

interface BulkActionsProps {
  /** On a phone the actions stay at the top of the screen while the cards scroll under them. */
  sticky?: boolean;
  count: number;
  progress: TransferProgress | null;
  onClear: () => void;
  onDownload: () => void;
  onPreview: () => void;
}

/** Download (as a zip) or preview (merged) the selected documents, with the bundle's progress. */
export function BulkActions({ sticky = false, count, progress, onClear, onDownload, onPreview }: BulkActionsProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const countId = useId();
  const kilobytes = progress ? formatNumber(Math.round(progress.received / 1024), language) : '';
  return (
    <Group gap="xs" align="center" wrap="wrap" className={sticky ? classes.stickyActions : undefined} data-testid="bulk-actions">
      <Text size="sm" aria-live="polite" data-testid="selection-count" id={countId}>
        {count === 0
          ? t('documents.selectionHint', { selectionMin: DOCUMENT_SELECTION_MIN, selectionMax: DOCUMENT_SELECTION_MAX })
          : t('documents.selectedCount', { count })}
      </Text>
      {/* Both always act: with a selection outside the limits they say so (the specification's message), so neither looks disabled. */}
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={onDownload}
        loading={progress !== null}
        aria-describedby={countId}
      >
        {t('documents.downloadSelected')}
      </Button>
      <Button variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={onPreview} aria-describedby={countId}>
        {t('documents.previewSelected')}
      </Button>
      {count > 0 && (
        <Button variant="subtle" onClick={onClear}>
          {t('documents.clearSelection')}
        </Button>
      )}
      {progress && (
        <Group gap="xs" w={220} wrap="nowrap">
          {progress.total ? (
            <Progress value={(progress.received / progress.total) * 100} w={120} aria-label={t('documents.downloadProgress')} />
          ) : (
            <Progress value={100} animated striped w={120} aria-label={t('documents.downloadProgress')} />
          )}
          <Text size="xs">{t('documents.received', { size: kilobytes })}</Text>
        </Group>
      )}
    </Group>
  );
}
