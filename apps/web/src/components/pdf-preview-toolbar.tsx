import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconArrowsHorizontal, IconChevronLeft, IconChevronRight, IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useTranslation } from '../i18n/use-translation';
import { formatNumber } from '../lib/format';

/** The zoom steps, as multiples of the page fitted to the width. */
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

interface PdfPreviewToolbarProps {
  pageNumber: number;
  pageCount: number;
  zoom: number;
  compact: boolean;
  onPage: (page: number) => void;
  onZoom: (zoom: number) => void;
  onDownload: () => void;
}

/**
 * Pages, zoom (fit to width, larger, smaller) and download, on one line: on a phone its buttons
 * are icons with names, so it does not wrap onto several rows. It stays on top while the page scrolls.
 */
export function PdfPreviewToolbar({ pageNumber, pageCount, zoom, compact, onPage, onZoom, onDownload }: PdfPreviewToolbarProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const step = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);
  const icon = (label: string, node: ReactNode, onClick: () => void, disabled: boolean) => (
    <ActionIcon variant="default" size="lg" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {node}
    </ActionIcon>
  );

  return (
    <Group
      justify="space-between"
      wrap={compact ? 'nowrap' : 'wrap'}
      gap="xs"
      data-testid="preview-toolbar"
      style={{ position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-body)', paddingBlock: 4 }}
    >
      <Group gap={6} wrap="nowrap">
        {compact ? (
          icon(t('preview.previousPage'), <IconChevronLeft size={18} aria-hidden />, () => onPage(pageNumber - 1), pageNumber <= 1)
        ) : (
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={pageNumber <= 1}
            onClick={() => onPage(pageNumber - 1)}
          >
            {t('preview.previousPage')}
          </Button>
        )}
        <Text aria-live="polite" size={compact ? 'sm' : undefined}>
          {t(compact ? 'preview.pageOfShort' : 'preview.pageOf', { page: pageNumber, count: pageCount })}
        </Text>
        {compact ? (
          icon(t('preview.nextPage'), <IconChevronRight size={18} aria-hidden />, () => onPage(pageNumber + 1), pageNumber >= pageCount)
        ) : (
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={pageNumber >= pageCount}
            onClick={() => onPage(pageNumber + 1)}
          >
            {t('preview.nextPage')}
          </Button>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        {icon(t('preview.zoomOut'), <IconZoomOut size={18} aria-hidden />, () => onZoom(ZOOM_STEPS[step - 1]!), step <= 0)}
        {icon(t('preview.fitWidth'), <IconArrowsHorizontal size={18} aria-hidden />, () => onZoom(1), zoom === 1)}
        {icon(
          t('preview.zoomIn'),
          <IconZoomIn size={18} aria-hidden />,
          () => onZoom(ZOOM_STEPS[step + 1]!),
          step >= ZOOM_STEPS.length - 1,
        )}
        <Text size="sm" aria-live="polite" data-testid="preview-zoom">
          {t('preview.zoomLevel', { percent: formatNumber(zoom * 100, language) })}
        </Text>
        {compact ? (
          <ActionIcon size="lg" aria-label={t('preview.download')} title={t('preview.download')} onClick={onDownload} data-autofocus>
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownload} data-autofocus>
            {t('preview.download')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
