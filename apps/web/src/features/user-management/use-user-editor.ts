import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { ManagedUser } from '@portal/contract';
import { formValuesOf, newUserValues, NEW_USER_ID, organisationFor, userFormRules, type UserFormValues } from './user-form';
import type { DataLists } from './user-management-queries';

/** The row being edited: an existing user, or the new row (Id 0) that Add user puts on top. */
export type EditedRow = { isNew: true; userId: typeof NEW_USER_ID } | { isNew: false; userId: number; user: ManagedUser };

/**
 * Inline editing of one row at a time (spec section 4). Save is possible only when the form is
 * valid and, for an existing user, something changed.
 */
export function useUserEditor(lists: DataLists | undefined) {
  const [edited, setEdited] = useState<EditedRow | null>(null);
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: newUserValues(undefined),
    validate: userFormRules,
    validateInputOnChange: true,
  });

  const begin = (row: EditedRow, values: UserFormValues) => {
    form.setValues(values);
    // The row's values become the baseline of "changed", forgetting the fields the previous row touched.
    form.resetDirty(values);
    form.clearErrors();
    form.resetTouched();
    setEdited(row);
  };

  return {
    edited,
    form,
    isEditing: edited !== null,
    canSave: edited !== null && form.isValid() && (edited.isNew || form.isDirty()),
    startEdit: (user: ManagedUser) => begin({ isNew: false, userId: user.Id, user }, formValuesOf(user)),
    startNew: () => begin({ isNew: true, userId: NEW_USER_ID }, newUserValues(lists)),
    /** Cancelling a new row removes it; an existing row shows its saved values again. */
    stop: () => setEdited(null),
    /** Spec section 4: another client clears the division, unless that client has only one. */
    changeClient: (clientCode: string) => form.setValues(organisationFor(lists, clientCode)),
  };
}
export type UserEditor = ReturnType<typeof useUserEditor>;
