import { useState } from 'react';
import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FaqEntry } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { FaqEntryDialog } from './faq-entry-dialog';
import { faqEntriesQuery, useHelpContentChanges } from './help-content-queries';
import { EntryCard } from './entry-card';
import { useReorder } from './use-reorder';

/** The client's questions and answers, in the order its FAQ page shows them. */
export function FaqEntriesSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const faqs = useQuery(faqEntriesQuery(clientId));
  const changes = useHelpContentChanges(clientId);
  const [editing, setEditing] = useState<FaqEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FaqEntry | null>(null);
  const entries = faqs.data ?? [];
  const questionOf = (entry: FaqEntry) => pickBilingual(language, { en: entry.questionEn, fr: entry.questionFr });
  const reorder = useReorder({
    ids: entries.map((entry) => entry.id),
    reorder: (ids, callbacks) => changes.reorderFaqs.mutate(ids, callbacks),
    announce: (id, position, total) => {
      const entry = entries.find((candidate) => candidate.id === id);
      return t('console.help.moved', { name: entry ? questionOf(entry) : '', position, total });
    },
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="help-faq-heading">
      <Group justify="space-between" align="center">
        <Title order={3} id="help-faq-heading">
          {t('console.help.faq.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => {
            changes.saveFaq.reset();
            setEditing('new');
          }}
          fullWidth={isMobile}
        >
          {t('console.help.faq.add')}
        </Button>
      </Group>
      {faqs.error && <ErrorAlert>{describeError(faqs.error)}</ErrorAlert>}
      {changes.reorderFaqs.isError && <ErrorAlert>{describeError(changes.reorderFaqs.error)}</ErrorAlert>}
      {faqs.isPending && !faqs.error && <LoadingIndicator label={t('console.help.faq.loading')} />}
      {faqs.data && entries.length === 0 && <Text c="dimmed">{t('console.help.faq.empty')}</Text>}
      {entries.length > 0 && (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('console.help.faq.title')}>
          {entries.map((entry, index) => (
            <EntryCard
              key={entry.id}
              testId="faq-entry"
              name={questionOf(entry)}
              otherName={pickBilingual(language, { en: entry.questionFr, fr: entry.questionEn })}
              otherLanguage={language === 'en' ? 'fr' : 'en'}
              index={index}
              total={entries.length}
              isMoving={changes.reorderFaqs.isPending}
              onMove={(step) => reorder.move(entry.id, step)}
              buttonRef={reorder.buttonRef(entry.id)}
              editLabel={t('console.help.faq.editOne', { name: questionOf(entry) })}
              deleteLabel={t('console.help.faq.deleteOne', { name: questionOf(entry) })}
              onEdit={() => {
                changes.saveFaq.reset();
                setEditing(entry);
              }}
              onDelete={() => {
                changes.deleteFaq.reset();
                setDeleting(entry);
              }}
            />
          ))}
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {reorder.announcement}
      </VisuallyHidden>
      <FaqEntryDialog entry={editing} save={changes.saveFaq} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('console.help.faq.deleteTitle')}
        text={deleting ? t('console.help.faq.deleteText', { name: questionOf(deleting) }) : ''}
        confirmLabel={t('console.help.faq.deleteConfirm')}
        isPending={changes.deleteFaq.isPending}
        error={changes.deleteFaq.error}
        onConfirm={() => deleting && changes.deleteFaq.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
