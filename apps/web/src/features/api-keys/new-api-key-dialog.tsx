import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ApiKeySummary } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';

interface NewApiKeyDialogProps {
  /** The key just made, with its secret: held only while this dialog is open. */
  created: { key: ApiKeySummary; secret: string } | null;
  onClose: () => void;
}

/**
 * The one time a key is shown in full. It closes only by its own button or Escape, not by a
 * click beside it, so that nobody loses the key by accident.
 */
export function NewApiKeyDialog({ created, onClose }: NewApiKeyDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog
      opened={created !== null}
      onClose={onClose}
      title={t('apiKeys.created.title')}
      centered
      size="lg"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      data-testid="new-api-key-dialog"
    >
      {created && (
        <Stack gap="md">
          <Text>{t('apiKeys.created.intro', { name: created.key.name })}</Text>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            <Text fw={700} span>
              {t('apiKeys.created.warningTitle')}
            </Text>{' '}
            {t('apiKeys.created.warning')}
          </Alert>
          <TextInput
            label={t('apiKeys.created.keyLabel')}
            value={created.secret}
            readOnly
            ff="monospace"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="new-api-key-secret"
          />
          <Group justify="flex-end">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <>
                  <Button
                    variant="light"
                    leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? t('apiKeys.created.copied') : t('apiKeys.created.copy')}
                  </Button>
                  {/* Said aloud once the key is on the clipboard. */}
                  <VisuallyHidden role="status">{copied ? t('apiKeys.created.copied') : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {t('apiKeys.created.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
