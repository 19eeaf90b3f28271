import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import type { PassageSegment } from '@portal/contract';
import { HiddenCaption, SortableHeader } from '../../../components/sortable-table';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { cellText, formatDocumentDate, isAmount, type DocumentColumn } from '../../../lib/attribute-values';
import { Passage } from './passage';
import { isViewed, rowKey, type DocumentRow } from './report-data-query';
import { RowActions, type RowActionsProps } from './row-actions';
import { UnviewedDot } from './unviewed-dot';
import type { SortDirection } from './use-list-request';

export interface DocumentViewProps {
  title: string;
  rows: DocumentRow[];
  columns: DocumentColumn[];
  describe: (row: DocumentRow) => string;
  isSelected: (key: string) => boolean;
  onToggle: (key: string) => void;
  onPreview: (row: DocumentRow) => void;
  onDownload: (row: DocumentRow) => void;
  /** With a text search, each row's passage of text around the words found. */
  passageOf?: (row: DocumentRow) => PassageSegment[];
  /** Where the type asks the person to confirm reading: each row's state and its confirmation. */
  acknowledgementOf?: (row: DocumentRow) => RowActionsProps['acknowledgement'];
  /** For staff: a row's readers and evidence. */
  onRecord?: (row: DocumentRow) => void;
}

interface DocumentTableProps extends DocumentViewProps {
  /** The column sorted by; null when the rows are in order of relevance. */
  sortBy: string | null;
  sortDirection: SortDirection;
  onSort: (column: string) => void;
  onToggleAll: (isChecked: boolean) => void;
}

/** The desktop list: a sortable table with a selection column and per-row actions. */
export function DocumentTable(props: DocumentTableProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { rows, columns, isSelected } = props;
  const selectedOnPage = rows.filter((row) => isSelected(rowKey(row))).length;
  const sortable: DocumentColumn[] = [{ name: 'date', label: t('documents.date') }, ...columns];
  // Amounts line up by their last digit, as figures in a column do, and so does their header.
  const amountColumns = new Set(columns.filter((column) => isAmountColumn(rows, column.name)).map((column) => column.name));

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="document-table">
        <HiddenCaption>{t('documents.tableCaption', { title: props.title })}</HiddenCaption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <VisuallyHidden>{t('documents.status')}</VisuallyHidden>
            </Table.Th>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('documents.selectPage')}
                checked={rows.length > 0 && selectedOnPage === rows.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < rows.length}
                onChange={(event) => props.onToggleAll(event.currentTarget.checked)}
              />
            </Table.Th>
            {sortable.map((column) => (
              <SortableHeader
                key={column.name}
                label={column.label}
                direction={props.sortBy !== column.name ? null : props.sortDirection === 'asc' ? 'ascending' : 'descending'}
                onSort={() => props.onSort(column.name)}
                isAlignedEnd={amountColumns.has(column.name)}
              />
            ))}
            {props.passageOf && <Table.Th miw={240}>{t('documents.passage')}</Table.Th>}
            <Table.Th>{t('documents.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const label = props.describe(row);
            return (
              <Table.Tr key={key} data-testid="document-row">
                <Table.Td>
                  <UnviewedDot isViewed={isViewed(row)} />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('documents.selectOne', { name: label })}
                    checked={isSelected(key)}
                    onChange={() => props.onToggle(key)}
                  />
                </Table.Td>
                <Table.Td>{formatDocumentDate(row.date, language)}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.name} ta={amountColumns.has(column.name) ? 'end' : undefined}>
                    {cellText(column, row[column.name], language)}
                  </Table.Td>
                ))}
                {props.passageOf && (
                  <Table.Td>
                    <Passage parts={props.passageOf(row)} />
                  </Table.Td>
                )}
                <Table.Td>
                  <RowActions {...rowActionsOf(props, row, label)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A column of amounts: every value the page shows in it is one (an empty cell aside). */
function isAmountColumn(rows: DocumentRow[], name: string): boolean {
  const values = rows.map((row) => row[name]).filter((value) => value !== undefined && value !== null && value !== '');
  return values.length > 0 && values.every(isAmount);
}

/** The actions of one row, as the table and the cards give them. */
export function rowActionsOf(props: DocumentViewProps, row: DocumentRow, label: string): RowActionsProps {
  return {
    label,
    onPreview: () => props.onPreview(row),
    onDownload: () => props.onDownload(row),
    acknowledgement: props.acknowledgementOf?.(row),
    onRecord: props.onRecord && (() => props.onRecord!(row)),
  };
}
