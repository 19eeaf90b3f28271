import { Badge, Divider, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { documentsEndpoints, userManagementEndpoints, type ResponseOf } from '@portal/contract';
import { Dialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { EvidenceExport } from '../../../components/evidence-export';
import { HiddenCaption } from '../../../components/sortable-table';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { describeError } from '../../../i18n/error-message';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { callApi } from '../../../lib/api-client';
import { mayActForClient } from '../../../lib/compliance';
import { fetchFile } from '../../../lib/file-transfer';
import { formatMoment } from '../../../lib/format';
import { useStoredUser } from '../../../lib/stored-user';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { ScrollingTable } from '../../../components/scrolling-table';

export interface RecordedDocument {
  key: string;
  /** The document as the list names it. */
  label: string;
}

/**
 * For staff, one document's record: the customers who see it and whether each confirmed reading
 * its current version (where its type asks), and its evidence pack for those who may export one.
 */
export function DocumentRecordDialog({ document, onClose }: { document: RecordedDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog
      opened={document !== null}
      onClose={onClose}
      title={t('documentRecord.title', { name: document?.label ?? '' })}
      size="lg"
      fullScreen={isMobile}
      data-testid="document-record-dialog"
    >
      {document && <DocumentRecord document={document} />}
    </Dialog>
  );
}

function DocumentRecord({ document }: { document: RecordedDocument }) {
  const { t } = useTranslation();
  const user = useStoredUser();
  const readers = useQuery({
    queryKey: ['documentReaders', document.key],
    queryFn: ({ signal }) => callApi(documentsEndpoints.documentReaders, { query: { documentKey: document.key }, signal }),
    select: (answer) => answer.data,
  });
  return (
    <Stack gap="lg">
      {readers.error && <ErrorAlert>{describeError(readers.error)}</ErrorAlert>}
      {readers.isPending && !readers.error && <LoadingIndicator label={t('documentRecord.loading')} />}
      {readers.data && <ReadersTable data={readers.data} />}
      {user && mayActForClient(user) && (
        <>
          <Divider />
          <Title order={3} size="h4">
            {t('documentRecord.evidence')}
          </Title>
          <EvidenceExport
            intro={t('documentRecord.evidenceIntro')}
            fetchPack={(lang, signal) =>
              fetchFile(userManagementEndpoints.exportDocumentEvidence, { query: { documentKey: document.key, lang }, signal })
            }
            fallbackFileName="evidence-document.zip"
          />
        </>
      )}
    </Stack>
  );
}

type Readers = ResponseOf<typeof documentsEndpoints.documentReaders>['data'];
type Reader = Readers['readers'][number];

/** Each customer who sees the document: the notice of availability it was sent and what became of it, and its confirmation of reading where asked. */
function ReadersTable({ data }: { data: Readers }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const hasNotices = data.readers.some((reader) => reader.notice !== null);
  const moment = (value: string) => formatMoment(value, language);
  const noticeText = (notice: NonNullable<Reader['notice']>) => {
    const state = t(`documentRecord.notice.${notice.state}`);
    const when = notice.refusedAt ?? notice.acceptedAt ?? notice.queuedAt ?? notice.publishedAt;
    const opened = notice.firstOpenedAt ? ` · ${t('documentRecord.notice.opened', { date: moment(notice.firstOpenedAt) })}` : '';
    return `${state} (${moment(when)})${opened}`;
  };
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {data.requiresAcknowledgement ? t('documentRecord.readers', { version: String(data.version) }) : t('documentRecord.readersTitle')}
      </Title>
      {!data.requiresAcknowledgement && <Text size="sm">{t('documentRecord.notAsked')}</Text>}
      {data.readers.length === 0 ? (
        <Text role="status">{t('documentRecord.noReader')}</Text>
      ) : (
        <ScrollingTable minWidth={420} label={t('documentRecord.readersCaption')}>
          <Table striped data-testid="document-readers">
            <HiddenCaption>{t('documentRecord.readersCaption')}</HiddenCaption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('documentRecord.columns.name')}</Table.Th>
                <Table.Th>{t('documentRecord.columns.username')}</Table.Th>
                {hasNotices && <Table.Th>{t('documentRecord.columns.notice')}</Table.Th>}
                {data.requiresAcknowledgement && <Table.Th>{t('documentRecord.columns.state')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.readers.map((reader) => (
                <Table.Tr key={reader.userId}>
                  <Table.Td>{reader.name}</Table.Td>
                  <Table.Td>{reader.username}</Table.Td>
                  {hasNotices && <Table.Td>{reader.notice ? noticeText(reader.notice) : t('documentRecord.notice.none')}</Table.Td>}
                  {data.requiresAcknowledgement && (
                    <Table.Td>
                      {reader.acknowledgedAt ? (
                        <Badge color="teal.9" variant="filled">
                          {t('documentRecord.confirmedOn', { date: moment(reader.acknowledgedAt) })}
                        </Badge>
                      ) : (
                        <Badge color="red.9" variant="filled">
                          {t('documentRecord.notConfirmed')}
                        </Badge>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
    </Stack>
  );
}
