import { Button, Group, Stack, Text } from '@mantine/core';
import { describeError } from '../i18n/error-message';
import { useTranslation } from '../i18n/use-translation';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';

/**
 * How the question leans. `danger`: the action cannot be taken back (signing other devices out,
 * removing an entry); its button is red and Cancel has the first focus, so Enter alone never does it.
 * `proceed`: the person has just asked for the change and is asked once more (a Yes/No question);
 * the confirming button has the focus and the brand's colour.
 */
export type ConfirmEmphasis = 'danger' | 'proceed';

interface ConfirmDialogProps {
  opened: boolean;
  /** The dialog's accessible name. */
  title: string;
  /** The question, read as the dialog's description. */
  text: string;
  /** The button that does it, named after what it does (or Yes). */
  confirmLabel: string;
  /** The button that leaves things as they are; Cancel unless the question asks for No. */
  cancelLabel?: string;
  emphasis?: ConfirmEmphasis;
  isPending: boolean;
  /** Why the last try failed, shown above the question so the person may try again or cancel. */
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  /** Inside a stack of dialogs (Modal.Stack), its place there. */
  stackId?: string;
  testId?: string;
}

/** A question before an action; the action's button stays busy while it runs. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel,
  emphasis = 'danger',
  isPending,
  error,
  onConfirm,
  onCancel,
  stackId,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const isDanger = emphasis === 'danger';
  return (
    <Dialog stackId={stackId} opened={opened} onClose={onCancel} title={title} centered data-testid={testId}>
      <Stack gap="lg">
        {error !== null && error !== undefined && <ErrorAlert>{describeError(error)}</ErrorAlert>}
        <Text>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isPending} data-autofocus={isDanger || undefined}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          {/* The darkest red keeps white text above 4.5:1. */}
          <Button color={isDanger ? 'red.9' : undefined} onClick={onConfirm} loading={isPending} data-autofocus={!isDanger || undefined}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
