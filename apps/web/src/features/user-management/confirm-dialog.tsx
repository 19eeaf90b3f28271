import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
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
    </Modal>
  );
}
