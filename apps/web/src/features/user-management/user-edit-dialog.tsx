import { Group, Stack } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { fullNameOf } from './display-names';
import { useUserEditFields, type UserEditProps } from './user-edit-fields';

/** Mantine's dialogs stack at 200 by default. */
const BENEATH_OTHER_DIALOGS = 190;

/**
 * The edited user on a phone: the row's fields stacked in a full-screen dialog, each with its
 * label, so that nothing is cut and Save and Cancel stay in reach. Escape and the close button
 * cancel, as Cancel does.
 */
export function UserEditDialog(props: UserEditProps) {
  const { t } = useTranslation();
  const { edited } = props.editor;
  const { fields, mfa, buttons, cancel } = useUserEditFields(props, true);
  const title = !edited
    ? ''
    : edited.isNew
      ? t('userManagement.addUser')
      : t('userManagement.actions.editOf', { name: fullNameOf(edited.user) });
  return (
    // Beneath the dialogs a save opens (confirmation, language, outcome), which open over it.
    <Dialog opened={edited !== null} onClose={() => !props.isSaving && cancel()} title={title} fullScreen zIndex={BENEATH_OTHER_DIALOGS}>
      <Stack gap="sm" data-testid={edited?.isNew ? 'new-user-form' : 'edited-user-form'}>
        {fields.map((field) => (
          <div key={field.column}>{field.node}</div>
        ))}
        {mfa}
        <Group justify="flex-end">{buttons}</Group>
      </Stack>
    </Dialog>
  );
}
