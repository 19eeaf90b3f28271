import { Stack, Table } from '@mantine/core';
import { useUserEditFields, type UserEditProps } from './user-edit-fields';

/** The row being edited (spec section 4): every editable field as an input, then MFA, Save and Cancel. */
export function UserEditRow(props: UserEditProps) {
  const { editor, isSaving } = props;
  const { fields, mfa, buttons, cancel } = useUserEditFields(props, false);
  if (!editor.edited) return null;
  return (
    <Table.Tr
      data-testid={editor.edited.isNew ? 'new-user-row' : 'edited-user-row'}
      onKeyDown={(event) => {
        // Escape leaves the row as Cancel does, unless it is closing a list that is open in the row.
        if (event.key !== 'Escape' || isSaving || (event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
        event.preventDefault();
        cancel();
      }}
    >
      <Table.Td>{editor.edited.userId}</Table.Td>
      {fields.map((field) => (
        <Table.Td key={field.column} miw={field.minWidth}>
          {field.node}
        </Table.Td>
      ))}
      <Table.Td>
        <Stack gap={6} align="stretch">
          {mfa}
          {buttons}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
