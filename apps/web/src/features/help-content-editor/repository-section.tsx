import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Locale, RepositoryEntry } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { repositoryEntriesQuery, repositoryFileUrl, useHelpContentChanges } from './help-content-queries';
import { EntryCard } from './entry-card';
import { RepositoryDocumentDialog } from './repository-document-dialog';
import { useReorder } from './use-reorder';

/** The client's repository documents: a name and a PDF in each language, in the order the FAQ page lists them. */
export function RepositorySection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const documents = useQuery(repositoryEntriesQuery(clientId));
  const changes = useHelpContentChanges(clientId);
  const [editing, setEditing] = useState<RepositoryEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RepositoryEntry | null>(null);
  const entries = documents.data ?? [];
  const nameOf = (entry: RepositoryEntry) => pickBilingual(language, { en: entry.nameEn, fr: entry.nameFr });
  const reorder = useReorder({
    ids: entries.map((entry) => entry.id),
    reorder: (ids, callbacks) => changes.reorderDocuments.mutate(ids, callbacks),
    announce: (id, position, total) => {
      const entry = entries.find((candidate) => candidate.id === id);
      return t('console.help.moved', { name: entry ? nameOf(entry) : '', position, total });
    },
  });
  const sizeText = (size: number | null) =>
    size === null
      ? t('console.help.repository.fileMissing')
      : new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, size / 1024));
  const fileLink = (entry: RepositoryEntry, fileLanguage: Locale) => {
    const file = fileLanguage === 'en' ? entry.fileEn : entry.fileFr;
    return (
      <Anchor href={repositoryFileUrl(clientId, entry.id, fileLanguage)} target="_blank" rel="noopener" size="sm">
        {t(fileLanguage === 'en' ? 'console.help.repository.openEn' : 'console.help.repository.openFr', {
          name: nameOf(entry),
          size: sizeText(file.size),
        })}
      </Anchor>
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="help-repository-heading">
      <Group justify="space-between" align="center">
        <Title order={3} id="help-repository-heading">
          {t('console.help.repository.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => {
            changes.createDocument.reset();
            setEditing('new');
          }}
          fullWidth={isMobile}
        >
          {t('console.help.repository.add')}
        </Button>
      </Group>
      {documents.error && <ErrorAlert>{describeError(documents.error)}</ErrorAlert>}
      {changes.reorderDocuments.isError && <ErrorAlert>{describeError(changes.reorderDocuments.error)}</ErrorAlert>}
      {documents.isPending && !documents.error && <LoadingIndicator label={t('console.help.repository.loading')} />}
      {documents.data && entries.length === 0 && <Text c="dimmed">{t('console.help.repository.empty')}</Text>}
      {entries.length > 0 && (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('console.help.repository.title')}>
          {entries.map((entry, index) => (
            <EntryCard
              key={entry.id}
              testId="repository-entry"
              name={nameOf(entry)}
              otherName={pickBilingual(language, { en: entry.nameFr, fr: entry.nameEn })}
              otherLanguage={language === 'en' ? 'fr' : 'en'}
              details={
                <Group gap="md">
                  {fileLink(entry, 'en')}
                  {fileLink(entry, 'fr')}
                </Group>
              }
              index={index}
              total={entries.length}
              isMoving={changes.reorderDocuments.isPending}
              onMove={(step) => reorder.move(entry.id, step)}
              buttonRef={reorder.buttonRef(entry.id)}
              editLabel={t('console.help.repository.editOne', { name: nameOf(entry) })}
              deleteLabel={t('console.help.repository.deleteOne', { name: nameOf(entry) })}
              onEdit={() => {
                changes.updateDocument.reset();
                setEditing(entry);
              }}
              onDelete={() => {
                changes.deleteDocument.reset();
                setDeleting(entry);
              }}
            />
          ))}
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {reorder.announcement}
      </VisuallyHidden>
      <RepositoryDocumentDialog document={editing} changes={changes} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('console.help.repository.deleteTitle')}
        text={deleting ? t('console.help.repository.deleteText', { name: nameOf(deleting) }) : ''}
        confirmLabel={t('console.help.repository.deleteConfirm')}
        isPending={changes.deleteDocument.isPending}
        error={changes.deleteDocument.error}
        onConfirm={() => deleting && changes.deleteDocument.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
