import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ApiKeySummary } from '@portal/contract';
import { Link } from '../../app/routing';
import { ClientSelect } from '../../components/client-select';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useStoredUser } from '../../lib/stored-user';
import { useIsMobile } from '../../lib/use-is-mobile';
import { ApiKeyList } from './api-key-list';
import { apiKeyOptionsQuery, apiKeysQuery, useApiKeyChanges } from './api-key-queries';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewApiKeyDialog } from './new-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

const ALL_CLIENTS = 'all';

/**
 * API keys: the keys clients' back offices send documents with. Super users manage every
 * client's; internal staff their own client's. A new key is shown once, then only its first characters.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const user = useStoredUser();
  // The route guard renders this page only for a user whose menus include apiKeys; the server decides the reach.
  const canChooseClient = user?.role === 'SUPER_USER';
  const [clientFilter, setClientFilter] = useState(ALL_CLIENTS);
  const clientId = clientFilter === ALL_CLIENTS ? undefined : Number(clientFilter);
  const options = useQuery(apiKeyOptionsQuery());
  const keys = useQuery(apiKeysQuery(clientId));
  const changes = useApiKeyChanges();
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: ApiKeySummary; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const clients = options.data ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1}>{t('apiKeys.title')}</Title>
          {keys.isFetching && !keys.isPending && <LoadingIndicator size="xs" />}
        </Group>
        <Text c="dimmed" maw={720}>
          {t('apiKeys.intro')}
        </Text>
        <Anchor component={Link} to="/webhooks" w="fit-content">
          {t('apiKeys.webhooksLink')}
        </Anchor>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="md">
        {canChooseClient && clients.length > 1 ? (
          <ClientSelect
            label={t('apiKeys.clientFilter')}
            clients={clients}
            all={{ value: ALL_CLIENTS, label: t('apiKeys.allClients') }}
            value={clientFilter}
            onChange={(value) => setClientFilter(value ?? ALL_CLIENTS)}
          />
        ) : (
          <span />
        )}
        <Button
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={!options.data}
          fullWidth={isMobile}
        >
          {t('apiKeys.create')}
        </Button>
      </Group>
      {options.error && <ErrorAlert>{describeError(options.error)}</ErrorAlert>}
      {keys.error && <ErrorAlert>{describeError(keys.error)}</ErrorAlert>}
      {keys.isPending && !keys.error && <LoadingIndicator label={t('apiKeys.loading')} />}
      {keys.data && (
        <ApiKeyList
          keys={keys.data}
          isMobile={isMobile}
          showsClient={canChooseClient && clientId === undefined}
          onRevoke={(key) => {
            changes.revoke.reset();
            setRevoking(key);
          }}
        />
      )}
      <CreateApiKeyDialog
        opened={isCreating}
        clients={clients}
        canChooseClient={canChooseClient}
        ownClientCode={user?.client}
        create={changes.create}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
        }}
      />
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeApiKeyDialog apiKey={revoking} revoke={changes.revoke} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
