import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before a change (edit, password reset, deletion); Yes stays busy while the change runs. */
export function ConfirmDialog({ opened, title, text, isPending, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="lg">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isPending}>
            {t('userManagement.no')}
          </Button>
          <Button onClick={onConfirm} loading={isPending} data-autofocus>
            {t('userManagement.yes')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
