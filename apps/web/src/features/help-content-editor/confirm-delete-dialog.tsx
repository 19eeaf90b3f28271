import { Button, Group, Stack, Text } from '@mantine/core';
import { DangerButton } from '../../components/danger-button';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';

interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Removing cannot be undone: the question names what goes, and Cancel has the focus. */
export function ConfirmDeleteDialog({ opened, title, text, confirmLabel, isPending, error, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {error !== null && error !== undefined && <ErrorAlert>{describeError(error)}</ErrorAlert>}
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isPending} data-autofocus>
            {t('common.cancel')}
          </Button>
          <DangerButton variant="light" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </DangerButton>
        </Group>
      </Stack>
    </Dialog>
  );
}
