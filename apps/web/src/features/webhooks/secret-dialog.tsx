import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';

/**
 * The one time an endpoint's signing secret is shown, after registering or rotating. It closes
 * only by its own button or Escape, so that nobody loses the secret by a click beside it.
 */
export function SecretDialog({ shown, onClose }: { shown: { url: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog
      opened={shown !== null}
      onClose={onClose}
      title={t('webhooks.secret.title')}
      centered
      size="lg"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      data-testid="webhook-secret-dialog"
    >
      {shown && (
        <Stack gap="md">
          <Text>{t('webhooks.secret.intro', { url: shown.url })}</Text>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            <Text fw={700} span>
              {t('webhooks.secret.warningTitle')}
            </Text>{' '}
            {t('webhooks.secret.warning')}
          </Alert>
          <TextInput
            label={t('webhooks.secret.label')}
            value={shown.secret}
            readOnly
            ff="monospace"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="webhook-secret"
          />
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <>
                  <Button
                    variant="light"
                    leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                  </Button>
                  <VisuallyHidden role="status">{copied ? t('webhooks.secret.copied') : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {t('webhooks.secret.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
