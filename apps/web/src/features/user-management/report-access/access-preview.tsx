import { Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { describeError } from '../../../i18n/error-message';
import { useTranslation } from '../../../i18n/use-translation';
import { cellText, columnOf } from '../../../lib/attribute-values';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { formatDate, formatNumber } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import type { TypePreview } from './access-preview-model';

interface AccessPreviewProps {
  /** The type's title, naming the list of documents. */
  title: string;
  /** Absent until the first answer comes. */
  preview: TypePreview | undefined;
  /** A newer answer is on its way; the one shown stays until it comes. */
  isRefreshing: boolean;
  error: Error | null;
}

/** A document date ('YYYY-MM-DD') is a calendar day: read in the reader's locale, never shifted by a time zone. */
const formatDay = (day: string, language: string) =>
  formatDate(`${day.slice(0, 10)}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * What the user would see in one type with the groups as they stand: how many documents, and the
 * first of them as its list would open. The count is a polite live region, so a screen reader
 * hears the new number once typing pauses, without losing its place.
 */
export function AccessPreview({ title, preview, isRefreshing, error }: AccessPreviewProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();

  const summary = () => {
    if (error) return `${t('userManagement.reportAccess.previewError')} ${describeError(error)}`;
    if (!preview) return t('userManagement.reportAccess.previewLoading');
    const formatted = formatNumber(preview.TotalDocuments, language);
    if (preview.TotalIsLowerBound) return t('userManagement.reportAccess.previewCountAtLeast', { formatted });
    if (preview.TotalDocuments === 0) return t('userManagement.reportAccess.previewNone');
    return t('userManagement.reportAccess.previewCount', { count: preview.TotalDocuments, formatted });
  };

  const columns = (preview?.DisplayedAttributes ?? []).map((attribute) => columnOf(attribute, language));
  const results = preview?.Results ?? [];
  const listLabel = t('userManagement.reportAccess.previewFirst', { title });

  return (
    <Stack gap="xs" data-testid="access-preview" aria-busy={isRefreshing || undefined}>
      <Group gap="xs" wrap="nowrap">
        <Text role="status" aria-live="polite" size="sm" fw={600} c={error ? 'red.9' : undefined} data-testid="access-preview-count">
          {summary()}
        </Text>
        {isRefreshing && <Loader size="xs" aria-hidden />}
      </Group>
      {results.length > 0 &&
        (isMobile ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
            {results.map((result, index) => (
              <Paper component="li" key={index} withBorder px="xs" py={4} data-testid="access-preview-document">
                <Text size="sm" fw={700}>
                  {formatDay(result.date ?? '', language)}
                </Text>
                <Group component="dl" gap="md" m={0} style={{ rowGap: 0 }}>
                  {columns.map((column) => (
                    <Group key={column.name} gap={6} wrap="nowrap">
                      <Text component="dt" size="sm">
                        {column.label}
                      </Text>
                      <Text component="dd" size="sm" fw={600} m={0}>
                        {cellText(column, result[column.name], language)}
                      </Text>
                    </Group>
                  ))}
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
              <Table.Caption>{listLabel}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('userManagement.reportAccess.previewDate')}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.name} scope="col">
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.map((result, index) => (
                  <Table.Tr key={index} data-testid="access-preview-document">
                    <Table.Td>{formatDay(result.date ?? '', language)}</Table.Td>
                    {columns.map((column) => (
                      <Table.Td key={column.name}>{cellText(column, result[column.name], language)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}
