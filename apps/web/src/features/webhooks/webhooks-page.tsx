import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiKeyClientOption } from '@portal/contract';
import { ClientSelect } from '../../components/client-select';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useChosenClient } from '../../lib/use-chosen-client';
import { useIsMobile } from '../../lib/use-is-mobile';
import { EndpointCard } from './endpoint-card';
import { EndpointDialog } from './endpoint-dialog';
import { SecretDialog } from './secret-dialog';
import { useWebhookChanges, webhookClientsQuery, webhooksQuery } from './webhook-queries';

/**
 * Webhooks: the addresses of a client's back office that the portal tells of what happens, each
 * with the events it asked for, its signing secret (shown once) and its recent deliveries. Managed
 * by those who manage the client's API keys.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const clients = useQuery(webhookClientsQuery());
  const { list, client, choose } = useChosenClient(clients.data);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('webhooks.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('webhooks.intro')}
        </Text>
      </Stack>
      {list.length > 1 && client && (
        <ClientSelect label={t('webhooks.client')} clients={list} value={String(client.id)} onChange={(value) => choose(value)} />
      )}
      {clients.error && <ErrorAlert>{describeError(clients.error)}</ErrorAlert>}
      {clients.isPending && !clients.error && <LoadingIndicator label={t('webhooks.loading')} />}
      {client && <ClientEndpoints key={client.id} client={client} />}
    </Stack>
  );
}

function ClientEndpoints({ client }: { client: ApiKeyClientOption }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const endpoints = useQuery(webhooksQuery(client.id));
  const changes = useWebhookChanges(client.id);
  const [editing, setEditing] = useState<Parameters<typeof EndpointDialog>[0]['editing']>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconWebhook size={18} aria-hidden />}
          fullWidth={isMobile}
          onClick={() => {
            changes.save.reset();
            setEditing('new');
          }}
        >
          {t('webhooks.add')}
        </Button>
      </Group>
      {endpoints.error && <ErrorAlert>{describeError(endpoints.error)}</ErrorAlert>}
      {endpoints.isPending && !endpoints.error && <LoadingIndicator label={t('webhooks.loading')} />}
      {endpoints.data?.length === 0 && <Text role="status">{t('webhooks.none')}</Text>}
      {endpoints.data?.map((endpoint) => (
        <EndpointCard
          key={endpoint.id}
          clientId={client.id}
          endpoint={endpoint}
          changes={changes}
          onEdit={() => {
            changes.save.reset();
            setEditing(endpoint);
          }}
          onSecret={setSecret}
        />
      ))}
      <EndpointDialog editing={editing} save={changes.save} onClose={() => setEditing(null)} onCreated={setSecret} />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
