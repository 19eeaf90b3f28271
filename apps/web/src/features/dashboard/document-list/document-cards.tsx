import { Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { rowActionsOf, type DocumentViewProps } from './document-table';
import { cellText, formatDocumentDate } from '../../../lib/attribute-values';
import { Passage } from './passage';
import { isViewed, rowKey } from './report-data-query';
import { RowActions } from './row-actions';
import { UnviewedDot } from './unviewed-dot';
import classes from './document-list.module.css';

/** The mobile list: one card per document with the same data and actions as a table row. */
export function DocumentCards(props: DocumentViewProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('documents.tableCaption', { title: props.title })}
    >
      {props.rows.map((row) => {
        const key = rowKey(row);
        const label = props.describe(row);
        return (
          <Card
            component="li"
            key={key}
            withBorder
            padding="sm"
            className={classes.card}
            data-unviewed={!isViewed(row) || undefined}
            data-testid="document-card"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  aria-label={t('documents.selectOne', { name: label })}
                  checked={props.isSelected(key)}
                  onChange={() => props.onToggle(key)}
                />
                <Text fw={700}>{formatDocumentDate(row.date, language)}</Text>
                <UnviewedDot isViewed={isViewed(row)} />
              </Group>
              <RowActions {...rowActionsOf(props, row, label)} />
            </Group>
            <SimpleGrid cols={2} spacing={4} mt="xs" component="dl" className={classes.cardFields}>
              {props.columns.map((column) => (
                <div key={column.name} style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {column.label}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    {cellText(column, row[column.name], language)}
                  </Text>
                </div>
              ))}
              {props.passageOf && (
                <div style={{ display: 'contents' }}>
                  <Text component="dt" size="sm" c="dimmed">
                    {t('documents.passage')}
                  </Text>
                  <Text component="dd" size="sm" m={0}>
                    <Passage parts={props.passageOf(row)} />
                  </Text>
                </div>
              )}
            </SimpleGrid>
          </Card>
        );
      })}
    </Stack>
  );
}
