import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useIsMobile } from '../lib/use-is-mobile';
import { Dialog } from './dialog';

/** The words of a dialog that shows a secret once, in the reader's language. */
export interface SecretShownOnceTexts {
  title: string;
  intro: string;
  warningTitle: string;
  warning: string;
  label: string;
  copy: string;
  copied: string;
  done: string;
}

interface SecretShownOnceDialogProps {
  /** The secret, held only while the dialog is open; null while it is closed. */
  secret: string | null;
  texts: SecretShownOnceTexts;
  onClose: () => void;
  testId: string;
  secretTestId: string;
}

/**
 * The one time a secret is shown (an API key, a webhook's signing secret). It closes only by its
 * own button or Escape, not by a click beside it, so that nobody loses the secret by accident.
 */
export function SecretShownOnceDialog({ secret, texts, onClose, testId, secretTestId }: SecretShownOnceDialogProps) {
  const isMobile = useIsMobile();
  return (
    <Dialog
      opened={secret !== null}
      onClose={onClose}
      title={texts.title}
      centered
      size="lg"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      data-testid={testId}
    >
      {secret !== null && (
        <Stack gap="md">
          <Text>{texts.intro}</Text>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            <Text fw={700} span>
              {texts.warningTitle}
            </Text>{' '}
            {texts.warning}
          </Alert>
          <TextInput
            label={texts.label}
            value={secret}
            readOnly
            ff="monospace"
            onFocus={(event) => event.currentTarget.select()}
            data-testid={secretTestId}
          />
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <>
                  <Button
                    variant="light"
                    leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? texts.copied : texts.copy}
                  </Button>
                  {/* Said aloud once the secret is on the clipboard. */}
                  <VisuallyHidden role="status">{copied ? texts.copied : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {texts.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
