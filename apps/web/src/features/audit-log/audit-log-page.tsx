import { useMemo, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE_DEFAULT, AUDIT_PAGE_SIZES, type AuditEntry } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { ListPagination } from '../../components/list-pagination';
import { LoadingIndicator } from '../../components/loading-indicator';
import { PageSizeSelect } from '../../components/page-size-select';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import { computePageRange } from '../../lib/page-range';
import { useStoredUser } from '../../lib/stored-user';
import { useIsMobile } from '../../lib/use-is-mobile';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditEntryList } from './audit-entry-list';
import { AuditFilterForm } from './audit-filter-form';
import { EMPTY_AUDIT_FILTERS, toAuditQuery, type AuditFilterDraft } from './audit-filters';
import { auditEntriesQuery, auditOptionsQuery } from './audit-log-queries';
import { useAuditExport } from './use-audit-export';

/**
 * The audit log of the tenant console: every change, who made it and when, with what it was before
 * and after. Super users read every client's; internal staff their own client's. Secrets never show.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const user = useStoredUser();
  // The server decides the reach; the client filter is offered to those who read several clients.
  const canChooseClient = user?.role === 'SUPER_USER';
  const [filters, setFilters] = useState<AuditFilterDraft>(EMPTY_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(AUDIT_PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState<'newest' | 'oldest'>('newest');
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  const timeZoneOffset = useMemo(() => new Date().getTimezoneOffset(), []);
  const filterQuery = { ...toAuditQuery(filters, timeZoneOffset), sort };
  const options = useQuery({ ...auditOptionsQuery(), enabled: canChooseClient });
  const entries = useQuery(auditEntriesQuery({ ...filterQuery, page, perPage }));
  const exporter = useAuditExport();
  const total = entries.data?.total ?? 0;
  const { pageCount, first, last } = computePageRange(page, perPage, total);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={2}>{t('console.audit.title')}</Title>
          {entries.isFetching && !entries.isPending && <LoadingIndicator size="xs" />}
        </Group>
        <Text c="dimmed" maw={720}>
          {t('console.audit.intro')}
        </Text>
      </Stack>
      <AuditFilterForm
        applied={filters}
        clients={canChooseClient ? (options.data ?? []) : null}
        isMobile={isMobile}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" aria-live="polite" data-testid="audit-range-text">
          {t('console.audit.range', {
            first: formatNumber(first, language),
            last: formatNumber(last, language),
            total: formatNumber(total, language),
          })}
        </Text>
        <Button
          variant="light"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          onClick={() => void exporter.start(filterQuery)}
          loading={exporter.state.status === 'running'}
          fullWidth={isMobile}
        >
          {t('console.audit.export')}
        </Button>
      </Group>
      {exporter.state.status === 'failed' && <ErrorAlert>{exporter.state.message}</ErrorAlert>}
      {options.error && <ErrorAlert>{describeError(options.error)}</ErrorAlert>}
      {entries.error && <ErrorAlert>{describeError(entries.error)}</ErrorAlert>}
      {entries.isPending && !entries.error && <LoadingIndicator label={t('console.audit.loading')} />}
      {entries.data && (
        <AuditEntryList
          entries={entries.data.entries}
          isMobile={isMobile}
          showsClient={canChooseClient && filters.clientId === null}
          sort={sort}
          onSort={() => {
            setSort((current) => (current === 'newest' ? 'oldest' : 'newest'));
            setPage(1);
          }}
          onOpen={setOpened}
        />
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <PageSizeSelect
          label={t('console.audit.perPage')}
          sizes={AUDIT_PAGE_SIZES}
          value={perPage}
          onChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
          w={130}
        />
        <ListPagination label={t('console.audit.pagination')} pageCount={pageCount} page={page} onPage={setPage} />
      </Group>
      <AuditEntryDialog entry={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
