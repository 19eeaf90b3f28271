import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClientSelect } from '../../components/client-select';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useChosenClient } from '../../lib/use-chosen-client';
import { FaqEntriesSection } from './faq-entries-section';
import { helpContentClientsQuery } from './help-content-queries';
import { RepositorySection } from './repository-section';

/**
 * The console's FAQ and repository editor: a client's own questions and documents, which its
 * people see on the FAQ page after those for every client. Super users choose the client;
 * internal staff edit their own.
 */
export function HelpContentEditorPage() {
  const { t } = useTranslation();
  const clients = useQuery(helpContentClientsQuery());
  const { list, client, choose } = useChosenClient(clients.data);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('console.help.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('console.help.intro')}
        </Text>
      </Stack>
      {clients.error && <ErrorAlert>{describeError(clients.error)}</ErrorAlert>}
      {clients.isPending && <LoadingIndicator label={t('console.help.loading')} />}
      {list.length > 1 && (
        <ClientSelect label={t('console.help.client')} clients={list} value={client ? String(client.id) : null} onChange={choose} />
      )}
      {client && (
        <>
          <FaqEntriesSection key={`faq-${client.id}`} clientId={client.id} />
          <RepositorySection key={`repository-${client.id}`} clientId={client.id} />
        </>
      )}
    </Stack>
  );
}
