import { useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { deliveryConsentEndpoints } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { HiddenCaption } from '../../components/sortable-table';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';
import { fetchFile, saveFile } from '../../lib/file-transfer';
import { ScrollingTable } from '../../components/scrolling-table';

/** The client's paper queue as the console shows it: what waits to be printed, per type and reason, and all of it as a spreadsheet. */
export function PaperQueuePanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const counts = useQuery({
    queryKey: [...CONSOLE_QUERY_ROOT, 'paper-queue', clientId],
    queryFn: ({ signal }) => callApi(deliveryConsentEndpoints.paperQueueCounts, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
  const [exporting, setExporting] = useState<'idle' | 'running' | 'failed'>('idle');
  const [failure, setFailure] = useState<unknown>(null);
  const exportAll = async () => {
    setExporting('running');
    try {
      saveFile(
        await fetchFile(deliveryConsentEndpoints.exportPaperQueue, { params: { clientId }, query: { lang: language } }),
        'paper-queue.xlsx',
      );
      setExporting('idle');
    } catch (error) {
      setFailure(error);
      setExporting('failed');
    }
  };
  const rows = counts.data ?? [];
  return (
    <Stack gap="sm" data-testid="paper-queue-panel">
      <Title order={3}>{t('console.paperQueue.title')}</Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t('console.paperQueue.intro')}
      </Text>
      {counts.error && <ErrorAlert>{describeError(counts.error)}</ErrorAlert>}
      {counts.data && rows.length === 0 && <Text role="status">{t('console.paperQueue.empty')}</Text>}
      {rows.length > 0 && (
        <ScrollingTable minWidth={360} label={t('console.paperQueue.title')}>
          <Table striped>
            <HiddenCaption>{t('console.paperQueue.title')}</HiddenCaption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.paperQueue.type')}</Table.Th>
                <Table.Th>{t('console.paperQueue.reason')}</Table.Th>
                <Table.Th ta="end">{t('console.paperQueue.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.code}-${row.reason}`}>
                  <Table.Td>{pickBilingual(language, { en: row.titleEn, fr: row.titleFr })}</Table.Td>
                  <Table.Td>{t(`console.paperQueue.reasons.${row.reason}`)}</Table.Td>
                  <Table.Td ta="end">{row.count.toLocaleString(language === 'fr' ? 'fr-CA' : 'en-CA')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {exporting === 'failed' && <ErrorAlert>{describeError(failure)}</ErrorAlert>}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporting === 'running'}
          onClick={() => void exportAll()}
          disabled={rows.length === 0}
        >
          {t('console.paperQueue.export')}
        </Button>
      </Group>
    </Stack>
  );
}
