import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Checkbox, Select, TextInput } from '@mantine/core';
import { EMAIL_INPUT_MAX_LENGTH, NAME_INPUT_MAX_LENGTH, USERNAME_MAX_LENGTH, type RoleCode } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { useFieldProps } from '../../lib/use-field-props';
import { useStoredUser } from '../../lib/stored-user';
import { clientName, divisionName, roleName } from './display-names';
import { divisionsOf } from './user-form';
import type { DataLists } from './user-management-queries';
import type { UserEditor } from './use-user-editor';

export interface UserEditProps {
  editor: UserEditor;
  lists: DataLists | undefined;
  /** The hidden form outside the table that the fields and buttons belong to (Enter saves). */
  formId: string;
  isSaving: boolean;
}

type Column = 'role' | 'firstName' | 'lastName' | 'username' | 'email' | 'client' | 'division';

/**
 * The edited user's fields (spec section 4), each with the least width it needs, then MFA, Save
 * and Cancel: laid out as a table row on a wide screen, stacked in a dialog on a phone. In a row
 * a field's label is its column header (`labelled` false); stacked, each shows its own.
 */
export function useUserEditFields({ editor, lists, formId, isSaving }: UserEditProps, labelled: boolean) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useCurrentLanguage();
  const { form, edited } = editor;
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const values = form.getValues();
  const errorOf = (field: keyof typeof values) => errorText(form.errors[field]);
  const fieldProps = useFieldProps(form);
  const labelOf = (column: Column) => t(`userManagement.columns.${column}`);
  const cellProps = (column: Column) =>
    labelled ? ({ label: labelOf(column), form: formId } as const) : ({ 'aria-label': labelOf(column), form: formId, size: 'xs' } as const);
  // The details typed are another person's: the browser must not offer the ones it saved.
  const textCellProps = (field: 'firstName' | 'lastName' | 'username' | 'email') =>
    ({ ...cellProps(field), autoComplete: 'off', ...fieldProps(field) }) as const;

  // Keyboard users land in the user they asked to edit.
  useEffect(() => firstFieldRef.current?.focus(), [edited?.userId]);

  /** Keyboard users go back to the button that started the editing, which exists again once the editing is over. */
  const cancel = () => {
    const selector = !edited || edited.isNew ? '[data-add-user]' : `[data-edit-user="${edited.userId}"]`;
    editor.stop();
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
  };
  const divisions = divisionsOf(lists, values.clientCode);
  const labelOfOption = (options: { value: string; label: string }[], value: string) =>
    options.find((option) => option.value === value)?.label ?? '';
  const roleOptions = (lists?.Roles ?? []).map((role) => ({ value: role.Code, label: roleName(role, language) }));
  const clientOptions = (lists?.Clients ?? []).map((client) => ({ value: client.Code, label: clientName(client, language) }));
  const divisionOptions = divisions.map((division) => ({ value: division.Code, label: divisionName(division, language) }));
  // The server refuses a change of one's own role or client: the fields say so instead of a failed save.
  const isSelf = useStoredUser()?.userid === edited?.userId;
  const ownAccessId = `${formId}-own-access`;
  const fields: { column: Column; minWidth: number; node: ReactNode }[] = [
    {
      column: 'role',
      minWidth: 130,
      node: (
        <Select
          {...cellProps('role')}
          data={roleOptions}
          value={values.roleCode || null}
          onChange={(code) => form.setFieldValue('roleCode', (code ?? '') as RoleCode | '')}
          error={errorOf('roleCode')}
          allowDeselect={false}
          disabled={isSelf}
          id={isSelf ? `${ownAccessId}-role` : undefined}
          description={isSelf ? t('errors.cannotChangeOwnAccess') : undefined}
          // Full text colour: the edited row's tint leaves the dimmed grey under 4.5:1.
          descriptionProps={{ c: 'var(--mantine-color-text)' }}
        />
      ),
    },
    {
      column: 'firstName',
      minWidth: 120,
      // In the dialog, the dialog's own first focus goes here.
      node: (
        <TextInput
          ref={firstFieldRef}
          maxLength={NAME_INPUT_MAX_LENGTH}
          data-autofocus={labelled || undefined}
          {...textCellProps('firstName')}
        />
      ),
    },
    { column: 'lastName', minWidth: 130, node: <TextInput maxLength={NAME_INPUT_MAX_LENGTH} {...textCellProps('lastName')} /> },
    { column: 'username', minWidth: 140, node: <TextInput maxLength={USERNAME_MAX_LENGTH} {...textCellProps('username')} /> },
    { column: 'email', minWidth: 180, node: <TextInput type="email" maxLength={EMAIL_INPUT_MAX_LENGTH} {...textCellProps('email')} /> },
    {
      column: 'client',
      minWidth: 170,
      node: (
        <Select
          {...cellProps('client')}
          data={clientOptions}
          value={values.clientCode || null}
          onChange={(code) => editor.changeClient(code ?? '')}
          error={errorOf('clientCode')}
          allowDeselect={false}
          disabled={isSelf}
          aria-describedby={isSelf ? `${ownAccessId}-role-description` : undefined}
        />
      ),
    },
    {
      column: 'division',
      minWidth: 170,
      node: (
        <Select
          {...cellProps('division')}
          data={divisionOptions}
          value={values.experienceCode || null}
          onChange={(code) => form.setFieldValue('experienceCode', code ?? '')}
          error={errorOf('experienceCode')}
          disabled={values.clientCode === ''}
          allowDeselect={false}
        />
      ),
    },
  ];
  // In a row, each field is as wide as what it holds (a long e-mail, a division's full name), not cut at its column's least width.
  if (!labelled) {
    const shown: Record<Column, { text: string; isList: boolean }> = {
      role: { text: labelOfOption(roleOptions, values.roleCode), isList: true },
      firstName: { text: values.firstName, isList: false },
      lastName: { text: values.lastName, isList: false },
      username: { text: values.username, isList: false },
      email: { text: values.email, isList: false },
      client: { text: labelOfOption(clientOptions, values.clientCode), isList: true },
      division: { text: labelOfOption(divisionOptions, values.experienceCode), isList: true },
    };
    for (const field of fields) field.minWidth = Math.max(field.minWidth, widthToShow(shown[field.column]));
  }
  const size = labelled ? 'sm' : 'compact-sm';
  const mfa = (
    <Checkbox
      label={t('userManagement.activeMFA')}
      form={formId}
      size={labelled ? 'sm' : 'xs'}
      {...form.getInputProps('activeMFA', { type: 'checkbox' })}
    />
  );
  const buttons = (
    <>
      <Button type="submit" form={formId} size={size} disabled={!editor.canSave} loading={isSaving}>
        {t('userManagement.actions.save')}
      </Button>
      <Button variant="default" size={size} onClick={cancel} disabled={isSaving}>
        {t('userManagement.actions.cancel')}
      </Button>
    </>
  );
  return { fields, mfa, buttons, cancel };
}

/**
 * An extra-small field's width for its text: 8.5 px a character (wide letters such as m and w
 * pass the font's 7.2 px average, and a field a pixel short hides its end), its padding, and a
 * list's arrow.
 */
function widthToShow({ text, isList }: { text: string; isList: boolean }): number {
  return Math.ceil(text.length * 8.5) + (isList ? 56 : 28);
}
