import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { IdentityClientOption, IdentityConnection } from '@portal/contract';
import { ClientSelect } from '../../components/client-select';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { FactList } from '../../components/fact-list';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { mayActForClient } from '../../lib/compliance';
import { useChosenClient } from '../../lib/use-chosen-client';
import { useStoredUser } from '../../lib/stored-user';
import { useIsMobile } from '../../lib/use-is-mobile';
import { ConnectionDialog } from './connection-dialog';
import { ProvisioningDialog } from './provisioning-dialog';
import { identityConnectionsQuery, identityOptionsQuery, useIdentityConnectionChanges } from './identity-queries';

/**
 * A client's identity providers: where its people sign in with their organisation's account. Set
 * up by those who act for the client (its administrators and staff, super users for any client).
 */
export function IdentityProvidersPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const mayConnect = user !== null && mayActForClient(user);
  const options = useQuery({ ...identityOptionsQuery(), enabled: mayConnect });
  const { list: clients, client, choose } = useChosenClient(options.data);

  if (!mayConnect) return <ErrorAlert>{t('identityProviders.notYours')}</ErrorAlert>;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('identityProviders.title')}</Title>
        <Text c="dimmed" maw={720}>
          {t('identityProviders.intro')}
        </Text>
      </Stack>
      {clients.length > 1 && client && (
        <ClientSelect
          label={t('identityProviders.client')}
          clients={clients}
          value={String(client.id)}
          onChange={(value) => choose(value)}
        />
      )}
      {options.error && <ErrorAlert>{describeError(options.error)}</ErrorAlert>}
      {options.isPending && !options.error && <LoadingIndicator label={t('identityProviders.loading')} />}
      {client && <ClientConnections key={client.id} client={client} />}
    </Stack>
  );
}

function ClientConnections({ client }: { client: IdentityClientOption }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const connections = useQuery(identityConnectionsQuery(client.id));
  const changes = useIdentityConnectionChanges(client.id);
  const [editing, setEditing] = useState<IdentityConnection | 'new' | null>(null);
  const [removing, setRemoving] = useState<IdentityConnection | null>(null);
  const [provisioning, setProvisioning] = useState<IdentityConnection | null>(null);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlugConnected size={18} aria-hidden />}
          fullWidth={isMobile}
          onClick={() => {
            changes.save.reset();
            setEditing('new');
          }}
        >
          {t('identityProviders.add')}
        </Button>
      </Group>
      {connections.error && <ErrorAlert>{describeError(connections.error)}</ErrorAlert>}
      {connections.data?.length === 0 && <Text role="status">{t('identityProviders.none')}</Text>}
      {connections.data?.map((connection) => (
        <Card
          key={connection.id}
          withBorder
          component="section"
          aria-labelledby={`connection-${connection.id}`}
          data-testid="identity-connection"
        >
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Title order={2} size="h4" id={`connection-${connection.id}`}>
                {connection.name}
              </Title>
              <Badge color={connection.enabled ? 'teal.9' : 'gray.7'} variant="filled">
                {connection.enabled ? t('identityProviders.enabled') : t('identityProviders.disabled')}
              </Badge>
            </Group>
            <FactList
              labelWidth={isMobile ? 110 : 180}
              facts={[
                [t(`identityProviders.kinds.${connection.kind}`), connection.issuer],
                [t('identityProviders.fields.domains'), connection.domains.join(', ')],
                [
                  t('identityProviders.fields.defaultRole'),
                  connection.defaultRole ? t(`console.roles.${connection.defaultRole}`) : t('identityProviders.noDefaultRole'),
                ],
                ...(connection.kind === 'saml'
                  ? ([
                      [t('identityProviders.entityId'), connection.serviceProviderEntityId],
                      [t('identityProviders.acsUrl'), connection.assertionConsumerUrl],
                    ] as const)
                  : ([[t('identityProviders.redirectUri'), connection.redirectUri]] as const)),
              ]}
            />
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  changes.save.reset();
                  setEditing(connection);
                }}
                aria-label={t('identityProviders.editOf', { name: connection.name })}
              >
                {t('identityProviders.edit')}
              </Button>
              <Button
                variant="default"
                onClick={() => setProvisioning(connection)}
                aria-label={t('identityProviders.provisioning.openOf', { name: connection.name })}
              >
                {t('identityProviders.provisioning.open')}
              </Button>
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  changes.remove.reset();
                  setRemoving(connection);
                }}
                aria-label={t('identityProviders.removeOf', { name: connection.name })}
              >
                {t('identityProviders.remove')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <ConnectionDialog editing={editing} experiences={client.experiences} save={changes.save} onClose={() => setEditing(null)} />
      <ProvisioningDialog connection={provisioning} onClose={() => setProvisioning(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('identityProviders.removeTitle')}
        text={t('identityProviders.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('identityProviders.remove')}
        cancelLabel={t('identityProviders.cancel')}
        isPending={changes.remove.isPending}
        error={changes.remove.error}
        onConfirm={() => removing && changes.remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
