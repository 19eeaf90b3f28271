import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { Dialog } from './dialog';

interface NoticeDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** OK, Escape and the close button all lead here: the notice has one way out. */
  onConfirm: () => void;
  testId?: string;
}

/** A short notice with a single OK, such as "check your e-mail" after a reset request. */
export function NoticeDialog({ opened, title, text, onConfirm, testId }: NoticeDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onConfirm} title={title} centered closeOnClickOutside={false} data-testid={testId}>
      <Stack gap="lg">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button onClick={onConfirm} data-autofocus>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
