import { useState } from 'react';
import { Badge, Group, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { thumbnailPath, type ReportInfo } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { countUnviewed, reportTitle } from './reports-query';
import classes from './dashboard.module.css';

/** The side, in pixels, of the box a type's own image is fitted into. */
const TILE_IMAGE_BOX = 40;

/**
 * The type's own image, fitted into the icon's box with its size known before it loads (the tile
 * does not move), or the portal's document icon when it has none or its image cannot be loaded.
 * Decorative: the title beside it says what the tile is.
 */
function TileImage({ thumbnail }: { thumbnail: ReportInfo['ThumbnailInfo'] }) {
  const [failed, setFailed] = useState(false);
  if (!thumbnail || failed) return <IconFileText size={32} aria-hidden className={classes.tileIcon} />;
  const scale = TILE_IMAGE_BOX / Math.max(thumbnail.width, thumbnail.height, 1);
  return (
    <img
      src={thumbnailPath(thumbnail.filename)}
      width={Math.max(1, Math.round(thumbnail.width * scale))}
      height={Math.max(1, Math.round(thumbnail.height * scale))}
      alt=""
      className={classes.tileImage}
      onError={() => setFailed(true)}
      data-testid="type-image"
    />
  );
}

interface ReportTilesProps {
  reports: ReportInfo[];
  showUnviewed: boolean;
  openCodes: string[];
  onOpen: (code: string) => void;
}

/** One button per document type: its title, how many documents, and (for users) how many are new. */
export function ReportTiles({ reports, showUnviewed, openCodes, onOpen }: ReportTilesProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" className={classes.tileList}>
      {reports.map((report) => {
        const title = reportTitle(report, language);
        const unviewed = countUnviewed(report);
        return (
          <li key={report.Code}>
            <UnstyledButton
              className={classes.tile}
              onClick={() => onOpen(report.Code)}
              data-open={openCodes.includes(report.Code) || undefined}
              data-testid={`tile-${report.Code}`}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <TileImage key={report.ThumbnailInfo?.filename ?? ''} thumbnail={report.ThumbnailInfo} />
                {showUnviewed && unviewed > 0 && (
                  <Badge color="red.9" variant="filled" data-testid="unviewed-badge">
                    {/* The number for the eye; the words for a screen reader, read with the tile's name
                        (a label on a plain element is not announced). */}
                    <span aria-hidden="true">{formatNumber(unviewed, language)}</span>
                    <VisuallyHidden>{t('dashboard.unviewed', { count: unviewed })}</VisuallyHidden>
                  </Badge>
                )}
              </Group>
              <Text fw={700} size="lg" mt="sm" className={classes.tileTitle}>
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.documentCount', { count: report.DocumentCount, formatted: formatNumber(report.DocumentCount, language) })}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
