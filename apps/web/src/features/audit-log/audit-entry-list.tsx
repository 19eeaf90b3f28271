import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { AuditEntry } from '@portal/contract';
import { HiddenCaption, SortableHeader } from '../../components/sortable-table';
import { useTranslation } from '../../i18n/use-translation';
import { useAuditTexts } from './audit-texts';
import { FactList } from '../../components/fact-list';

interface AuditEntryListProps {
  entries: AuditEntry[];
  isMobile: boolean;
  /** Shown when the list may span several clients. */
  showsClient: boolean;
  sort: 'newest' | 'oldest';
  onSort: () => void;
  onOpen: (entry: AuditEntry) => void;
}

/** The entries of a page: a table on wide screens, one card per entry on a phone. */
export function AuditEntryList({ entries, isMobile, ...props }: AuditEntryListProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text role="status">{t('console.audit.noEntry')}</Text>;
  return isMobile ? <AuditEntryCards entries={entries} {...props} /> : <AuditEntryTable entries={entries} {...props} />;
}

function DetailsButton({ entry, onOpen }: { entry: AuditEntry; onOpen: (entry: AuditEntry) => void }) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconListDetails size={16} aria-hidden />}
      aria-label={t('console.audit.detailsLabel', { action: texts.actionName(entry.action), date: texts.when(entry) })}
      onClick={() => onOpen(entry)}
    >
      {t('console.audit.details')}
    </Button>
  );
}

type ListPartProps = Omit<AuditEntryListProps, 'isMobile'>;

function AuditEntryTable({ entries, showsClient, sort, onSort, onOpen }: ListPartProps) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="audit-table">
        <HiddenCaption>{t('console.audit.tableCaption')}</HiddenCaption>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader
              label={t('console.audit.columns.when')}
              direction={sort === 'newest' ? 'descending' : 'ascending'}
              onSort={onSort}
              isSingleLine
            />
            <Table.Th>{t('console.audit.columns.action')}</Table.Th>
            <Table.Th>{t('console.audit.columns.actor')}</Table.Th>
            <Table.Th>{t('console.audit.columns.target')}</Table.Th>
            {showsClient && <Table.Th>{t('console.audit.columns.client')}</Table.Th>}
            <Table.Th>{t('console.audit.columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{texts.when(entry)}</Table.Td>
              <Table.Td fw={600}>{texts.actionName(entry.action)}</Table.Td>
              <Table.Td>{texts.actor(entry)}</Table.Td>
              <Table.Td>{texts.target(entry)}</Table.Td>
              {showsClient && <Table.Td>{texts.client(entry)}</Table.Td>}
              <Table.Td>
                <DetailsButton entry={entry} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditEntryCards({ entries, showsClient, onOpen }: ListPartProps) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('console.audit.tableCaption')}>
      {entries.map((entry) => {
        const facts: [string, string][] = [
          [t('console.audit.columns.when'), texts.when(entry)],
          [t('console.audit.columns.actor'), texts.actor(entry)],
          [t('console.audit.columns.target'), texts.target(entry)],
          ...(showsClient ? [[t('console.audit.columns.client'), texts.client(entry)] as [string, string]] : []),
        ];
        return (
          <Card key={entry.id} component="li" withBorder padding="md" data-testid="audit-card">
            <Stack gap="xs">
              <Text fw={600}>{texts.actionName(entry.action)}</Text>
              <FactList facts={facts} labelWidth={110} />
              <Group justify="flex-end">
                <DetailsButton entry={entry} onOpen={onOpen} />
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
