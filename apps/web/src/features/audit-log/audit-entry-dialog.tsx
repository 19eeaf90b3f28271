import { Badge, Stack, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { HiddenCaption } from '../../components/sortable-table';
import { translator } from '../../i18n/app-translator';
import { useTranslation } from '../../i18n/use-translation';
import { translateKey } from '../../lib/error-text';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useAuditTexts } from './audit-texts';
import { compareSnapshots, describeFieldPath } from './snapshot-diff';
import { FactList } from '../../components/fact-list';

interface AuditEntryDialogProps {
  entry: AuditEntry | null;
  onClose: () => void;
}

/** One entry: who did what, when, and its snapshots side by side, each changed field marked in words as well as colour. */
export function AuditEntryDialog({ entry, onClose }: AuditEntryDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog opened={entry !== null} onClose={onClose} title={t('console.audit.dialog.title')} size="xl" fullScreen={isMobile}>
      {entry && <EntryDetails entry={entry} />}
    </Dialog>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const fields = compareSnapshots(entry.before, entry.after);
  const changedCount = fields.filter((field) => field.isChanged).length;
  const facts: [string, string][] = [
    [t('console.audit.columns.action'), texts.actionName(entry.action)],
    [t('console.audit.columns.when'), texts.when(entry)],
    [t('console.audit.columns.actor'), texts.actor(entry)],
    [t('console.audit.columns.target'), texts.target(entry)],
    [t('console.audit.columns.client'), texts.client(entry)],
  ];
  // A whole snapshot missing is a creation (nothing before) or a deletion (nothing after), not a gap in the record.
  const missing = (text: string) => (
    <Text component="span" size="sm" c="dimmed" fs="italic">
      {text}
    </Text>
  );
  const absentBefore = missing(entry.before == null ? t('console.audit.dialog.didNotExist') : t('console.audit.dialog.absent'));
  const absentAfter = missing(entry.after == null ? t('console.audit.dialog.noLongerExists') : t('console.audit.dialog.absent'));
  return (
    <Stack gap="md" data-testid="audit-details">
      <FactList facts={facts} labelWidth={120} />
      {fields.length === 0 ? (
        <Text>{t('console.audit.dialog.nothingRecorded')}</Text>
      ) : (
        <>
          <Text size="sm" aria-live="polite">
            {t('console.audit.dialog.changedCount', { count: changedCount })}
          </Text>
          {/* Fixed columns whose text wraps: the table fits a phone's width without a scrolling frame. */}
          <Table layout="fixed" verticalSpacing="xs" withTableBorder withColumnBorders data-testid="audit-diff">
            <HiddenCaption>{t('console.audit.dialog.caption')}</HiddenCaption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.audit.dialog.field')}</Table.Th>
                <Table.Th>{t('console.audit.dialog.before')}</Table.Th>
                <Table.Th>{t('console.audit.dialog.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr
                  key={field.path}
                  data-testid="audit-diff-row"
                  data-changed={field.isChanged || undefined}
                  bg={field.isChanged ? 'var(--mantine-color-yellow-light)' : undefined}
                >
                  <Table.Th scope="row" fw={field.isChanged ? 700 : 500}>
                    <Stack gap={4} align="flex-start">
                      <Text component="span" size="sm" fw="inherit" style={{ overflowWrap: 'anywhere' }}>
                        {describeFieldPath(field.path, nameOfField)}
                      </Text>
                      {field.isChanged && (
                        <Badge color="dark" variant="outline" size="sm">
                          {t('console.audit.dialog.changed')}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{field.before ?? absentBefore}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{field.after ?? absentAfter}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/** A snapshot's field name in the page's language: a brand's colour by its console name, others from the audit's list of fields. */
function nameOfField(name: string, parent: string | undefined): string | undefined {
  const key = parent === 'colors' ? `console.brands.colors.${name}` : `console.audit.dialog.fields.${name}`;
  return translator.exists(key) ? translateKey(key) : undefined;
}
