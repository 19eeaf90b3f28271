import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ClientSelect } from '../../components/client-select';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { consoleClientsQuery } from '../../lib/console-clients-query';
import { useChosenClient } from '../../lib/use-chosen-client';
import { DisclosureEditor } from './disclosure-editor';
import { DisclosureVersions } from './disclosure-versions';
import { PaperQueuePanel } from './paper-queue-panel';

/**
 * The console's delivery disclosures: a client's terms of electronic delivery, version by
 * version. Publishing one asks the client's customers to consent again; a client that published
 * none asks nothing.
 */
export function DisclosuresPage() {
  const { t } = useTranslation();
  const clients = useQuery(consoleClientsQuery());
  const { list, client, choose } = useChosenClient(clients.data);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('console.disclosures.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('console.disclosures.intro')}
        </Text>
      </Stack>
      {clients.error && <ErrorAlert>{describeError(clients.error)}</ErrorAlert>}
      {clients.isPending && <LoadingIndicator label={t('console.disclosures.loading')} />}
      {list.length > 1 && (
        <ClientSelect label={t('console.disclosures.client')} clients={list} value={client ? String(client.id) : null} onChange={choose} />
      )}
      {client && (
        <>
          <DisclosureEditor key={`editor-${client.id}`} clientId={client.id} />
          <DisclosureVersions key={`versions-${client.id}`} clientId={client.id} />
          <PaperQueuePanel key={`paper-${client.id}`} clientId={client.id} />
        </>
      )}
    </Stack>
  );
}
