import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { scimEndpoints, type IdentityConnection } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { useIsMobile } from '../../lib/use-is-mobile';

/**
 * SCIM provisioning of a connection: the token its provider creates, updates and deactivates the
 * client's people with, shown once when made; a new one replaces the last, and one may be revoked.
 */
export function ProvisioningDialog({ connection, onClose }: { connection: IdentityConnection | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const params = connection ? { clientId: connection.clientId, id: connection.id } : null;
  const make = useMutation({ mutationFn: () => callApi(scimEndpoints.createScimToken, { params: params! }) });
  const revoke = useMutation({ mutationFn: () => callApi(scimEndpoints.revokeScimToken, { params: params! }) });
  const close = () => {
    make.reset();
    revoke.reset();
    onClose();
  };
  const made = make.data?.data;

  return (
    <Dialog
      opened={connection !== null}
      onClose={close}
      title={t('identityProviders.provisioning.title', { name: connection?.name ?? '' })}
      size="lg"
      fullScreen={isMobile}
    >
      <Stack gap="md">
        <Text size="sm">{t('identityProviders.provisioning.intro')}</Text>
        {(make.error ?? revoke.error) && <ErrorAlert>{describeError(make.error ?? revoke.error)}</ErrorAlert>}
        {made && (
          <>
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              {t('identityProviders.provisioning.shownOnce')}
            </Alert>
            <TextInput label={t('identityProviders.provisioning.baseUrl')} value={made.baseUrl} readOnly ff="monospace" />
            <TextInput
              label={t('identityProviders.provisioning.token')}
              value={made.token}
              readOnly
              ff="monospace"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="scim-token"
            />
          </>
        )}
        {revoke.isSuccess && <Text role="status">{t('identityProviders.provisioning.revoked')}</Text>}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            loading={revoke.isPending}
            onClick={() => {
              make.reset();
              revoke.mutate();
            }}
          >
            {t('identityProviders.provisioning.revoke')}
          </Button>
          <Button
            loading={make.isPending}
            onClick={() => {
              revoke.reset();
              make.mutate();
            }}
          >
            {t('identityProviders.provisioning.make')}
          </Button>
          <Button variant="default" onClick={close}>
            {t('identityProviders.provisioning.done')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
