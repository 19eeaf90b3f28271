import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReportInfo } from '@portal/contract';
import { useNavigate } from '../../../app/routing';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { NoticeDialog } from '../../../components/notice-dialog';
import { PdfPreviewDialog } from '../../../components/pdf-preview-dialog';
import { describeError } from '../../../i18n/error-message';
import { pickBilingual } from '../../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { getStoredUser, useStoredUser } from '../../../lib/stored-user';
import { readRememberedDashboard, rememberList, type RememberedList } from '../dashboard-memory';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { reportTitle } from '../reports-query';
import { AdvancedSearchMenu } from './advanced-search';
import { BulkActions } from './bulk-actions';
import { DateRangeFilter } from './date-range-filter';
import { DocumentCards } from './document-cards';
import { listColumns } from './document-columns';
import { DocumentTable } from './document-table';
import { formatAttributeValue, formatDocumentDate } from '../../../lib/attribute-values';
import { ListOutcome } from './list-outcome';
import { PageControls } from './page-controls';
import { QuickSearchForm } from './quick-search';
import { TextSearchForm } from './text-search';
import { reportDataQuery, rowKey, searchAttributesQuery, type DocumentRow } from './report-data-query';
import { presetOf } from './search-preference';
import { useDocumentActions } from './use-document-actions';
import { useListRequest } from './use-list-request';
import { useSelection } from './use-selection';
import { AcknowledgeInPreview } from './acknowledge-in-preview';
import { acknowledgementStates, useAcknowledgeDocument } from './use-acknowledgement';
import type { RecordedDocument } from './document-record-dialog';
import { loadTextPart } from '../../../i18n/language-bundles';

/** Staff's record of a document, with the staff's texts, fetched the first time one is opened. */
const DocumentRecordDialog = lazy(async () => {
  const [dialog] = await Promise.all([import('./document-record-dialog'), loadTextPart('staff')]);
  return { default: dialog.DocumentRecordDialog };
});
import classes from './document-list.module.css';

interface DocumentListPanelProps {
  report: ReportInfo;
  onClose: () => void;
  /** Changes each time its tile is tapped: the panel comes into view and takes focus again. */
  attention: number;
}

/** The documents of one type: searches, dates, selection, and a table (or cards on mobile). */
export function DocumentListPanel({ report, onClose, attention }: DocumentListPanelProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = reportTitle(report, language);
  const user = useStoredUser();
  // What the person left in this list before a reload or Back; read once, as the panel opens.
  const [remembered] = useState(() => (user ? (readRememberedDashboard(user.userid).lists[report.Code] ?? null) : null));
  const list = useListRequest(report.DisplayProperties, remembered);
  const selection = useSelection(remembered?.selected);
  const userId = user?.userid;
  const snapshot = { ...list.snapshot, selected: selection.selected };
  const snapshotText = JSON.stringify(snapshot);
  useEffect(() => {
    if (userId !== undefined) rememberList(userId, report.Code, JSON.parse(snapshotText) as RememberedList);
  }, [userId, report.Code, snapshotText]);
  // The preferences as the panel opens: the quick search starts from the last one of this type, without running it.
  const [searchPreferences] = useState(() => getStoredUser()?.searchPreference ?? []);
  const actions = useDocumentActions(report.Code, title);
  const { data, error, isPending, isFetching, refetch } = useQuery(reportDataQuery(report.Code, list.request, list.searchRun));
  // The type's id is its configuration's: the search fields come with the panel, not after its first
  // page, and stay when a page fails.
  const { data: searchData } = useQuery(searchAttributesQuery(report.Id));

  // Opened (or opened again) from its tile: its top comes into view, on a phone too, where it is
  // below the tiles; focus alone would show only its first line at the bottom of the screen. A
  // panel brought back by a reload or Back (attention 0), or left as another opens, stays put.
  useEffect(() => {
    if (attention === 0) return;
    const heading = headingRef.current;
    heading?.focus({ preventScroll: true });
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading?.closest('section')?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  }, [attention]);

  const bulkActions = (
    <BulkActions
      sticky={isMobile}
      count={selection.selected.length}
      progress={actions.progress}
      onClear={selection.clear}
      onDownload={() => void actions.downloadSelected(selection.selected)}
      onPreview={() => actions.previewSelected(selection.selected)}
    />
  );

  const columns = data ? listColumns(data.Config, language) : [];
  const terms = (searchData?.SearchTerms ?? []).map((term) => ({
    name: term.Name,
    label: pickBilingual(language, { en: term.DisplayNameEN, fr: term.DisplayNameFR }),
  }));
  const searchPreset = presetOf(
    searchPreferences,
    report.Code,
    terms.map((term) => term.name),
  );
  const rows = data?.Results ?? [];
  const describe = (row: DocumentRow) =>
    [formatDocumentDate(row.date, language), columns[0] ? formatAttributeValue(row[columns[0].name], language) : '']
      .filter(Boolean)
      .join(' – ');
  const passages = data?.Passages;
  const acknowledgementOf = acknowledgementStates(data);
  const acknowledge = useAcknowledgeDocument(report.Code);
  // Staff read who saw a document and export its evidence; customers are never offered it.
  const isStaff = user !== null && user.menus.includes('userManagement');
  const [recorded, setRecorded] = useState<RecordedDocument | null>(null);
  const viewProps = {
    title,
    rows,
    columns,
    describe,
    passageOf: passages ? (row: DocumentRow) => passages[rowKey(row)] ?? [] : undefined,
    isSelected: selection.isSelected,
    onToggle: selection.toggle,
    onPreview: (row: DocumentRow) =>
      actions.previewOne(
        rowKey(row),
        `${title} – ${describe(row)}`,
        acknowledgementOf?.(rowKey(row)) === 'awaiting' ? (
          <AcknowledgeInPreview reportCode={report.Code} documentKey={rowKey(row)} />
        ) : undefined,
      ),
    onDownload: (row: DocumentRow) => void actions.downloadOne(rowKey(row)),
    acknowledgementOf: acknowledgementOf
      ? (row: DocumentRow) => ({
          state: acknowledgementOf(rowKey(row))!,
          isConfirming: acknowledge.isPending && acknowledge.variables === rowKey(row),
          onConfirm: () => acknowledge.mutate(rowKey(row)),
        })
      : undefined,
    onRecord: isStaff ? (row: DocumentRow) => setRecorded({ key: rowKey(row), label: `${title} – ${describe(row)}` }) : undefined,
  };

  return (
    <Paper
      component="section"
      withBorder
      p="md"
      radius="md"
      aria-labelledby={headingId}
      // Busy while a new answer is on its way: its rows are the previous answer's until then.
      aria-busy={isFetching}
      className={classes.panel}
      data-testid={`panel-${report.Code}`}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} id={headingId} ref={headingRef} tabIndex={-1}>
              {title}
            </Title>
            {isFetching && <LoadingIndicator size="xs" />}
          </Group>
          <CloseButton size="lg" onClick={onClose} aria-label={t('documents.closePanel', { title })} />
        </Group>
        <QuickSearchForm title={title} terms={terms} preset={searchPreset} applied={list.searchOptions} onSearch={list.setSearchOptions} />
        <TextSearchForm
          title={title}
          applied={list.textSearch}
          sortByRelevance={list.isSortedByRelevance}
          rankedFirst={data?.RankedFirst}
          onSearch={list.setTextSearch}
          onSortByRelevance={list.setSortByRelevance}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateRangeFilter value={list.dates} minDate={data?.DateMin ?? null} newestDate={newestDateOf(data)} onChange={list.setDates} />
          <AdvancedSearchMenu terms={terms} applied={list.advanced} onApply={list.setAdvanced} />
          {!isMobile && bulkActions}
        </Group>
        {/* On a phone, a child of the whole panel, so that it stays on screen over the cards. */}
        {isMobile && bulkActions}
        {error && (
          <ErrorAlert onRetry={() => void refetch()} isRetrying={isFetching} retryLabel={t('documents.retryList', { title })}>
            {describeError(error)}
          </ErrorAlert>
        )}
        {isPending && !error && <LoadingIndicator />}
        {data && rows.length === 0 && <Text>{t('documents.noDocument')}</Text>}
        {/* Only a settled answer is read out: while one is on its way, the rows and total are the previous one's. */}
        <ListOutcome
          answer={
            data && !isFetching
              ? {
                  page: list.request.page ?? 1,
                  perPage: list.request.perPage ?? 10,
                  total: rows.length === 0 ? 0 : data.TotalDocuments,
                  isTotalLowerBound: data.TotalIsLowerBound === true,
                }
              : undefined
          }
        />
        {data &&
          rows.length > 0 &&
          (isMobile ? (
            <DocumentCards {...viewProps} />
          ) : (
            <DocumentTable
              {...viewProps}
              sortBy={list.isSortedByRelevance ? null : list.sortBy}
              sortDirection={list.sortDirection}
              onSort={list.toggleSort}
              onToggleAll={(isChecked) => selection.setAll(rows.map(rowKey), isChecked)}
            />
          ))}
        {data && data.TotalDocuments > 0 && (
          <PageControls
            page={list.request.page ?? 1}
            perPage={list.request.perPage ?? 10}
            total={data.TotalDocuments}
            isTotalLowerBound={data.TotalIsLowerBound}
            title={title}
            onPage={list.setPage}
            onPerPage={list.setPerPage}
          />
        )}
      </Stack>
      <PdfPreviewDialog
        request={actions.preview}
        onClose={actions.closePreview}
        onReturnHome={() => {
          actions.closePreview();
          void navigate('/');
        }}
      />
      {recorded && (
        <Suspense fallback={null}>
          <DocumentRecordDialog document={recorded} onClose={() => setRecorded(null)} />
        </Suspense>
      )}
      <NoticeDialog
        opened={actions.isSelectionInvalid}
        title={t('documents.selectionTitleInvalid')}
        text={t('validation.selectionSize')}
        onConfirm={actions.closeSelectionDialog}
        testId="selection-dialog"
      />
    </Paper>
  );
}

/** The newest date among the documents listed, whatever their order; null with none. */
function newestDateOf(data: { Results: { date?: unknown }[] } | undefined): string | null {
  const dates = (data?.Results ?? []).map((row) => row.date).filter((date): date is string => typeof date === 'string');
  return dates.length === 0 ? null : dates.reduce((newest, date) => (date > newest ? date : newest));
}
