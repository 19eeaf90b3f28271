import { Button, Group, Stack, Text } from '@mantine/core';
import type { ApiKeySummary } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { maskedKey } from './api-key-descriptions';
import type { useApiKeyChanges } from './api-key-queries';

interface RevokeApiKeyDialogProps {
  apiKey: ApiKeySummary | null;
  revoke: ReturnType<typeof useApiKeyChanges>['revoke'];
  onClose: () => void;
}

/** Revoking cannot be undone and stops a sender at once: the question says so, and Cancel has the focus. */
export function RevokeApiKeyDialog({ apiKey, revoke, onClose }: RevokeApiKeyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={apiKey !== null} onClose={onClose} title={t('apiKeys.revokeDialog.title')} centered data-testid="revoke-api-key-dialog">
      {apiKey && (
        <Stack gap="lg">
          {revoke.isError && <ErrorAlert>{describeError(revoke.error)}</ErrorAlert>}
          <Text>{t('apiKeys.revokeDialog.text', { name: apiKey.name, prefix: maskedKey(apiKey.prefix) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={revoke.isPending} data-autofocus>
              {t('common.cancel')}
            </Button>
            <DangerButton variant="light" loading={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: onClose })}>
              {t('apiKeys.revokeDialog.confirm')}
            </DangerButton>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
