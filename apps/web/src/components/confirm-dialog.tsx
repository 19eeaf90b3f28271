import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** The button that does it, named after what it does. */
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Inside a stack of dialogs (Modal.Stack), its place there. */
  stackId?: string;
  testId?: string;
}

/**
 * A question before an action that cannot be taken back (signing other devices out): Cancel has
 * the first focus, so Enter alone never does it; the action's button stays busy while it runs.
 */
export function ConfirmDialog({ opened, title, text, confirmLabel, isPending, onConfirm, onCancel, stackId, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog stackId={stackId} opened={opened} onClose={onCancel} title={title} centered data-testid={testId}>
      <Stack gap="lg">
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus>
            {t('common.cancel')}
          </Button>
          {/* The darkest red keeps white text above 4.5:1. */}
          <Button color="red.9" onClick={onConfirm} loading={isPending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
