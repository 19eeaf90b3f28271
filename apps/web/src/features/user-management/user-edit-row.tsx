import { useEffect, useRef } from 'react';
import { Button, Checkbox, Select, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMAIL_INPUT_MAX_LENGTH, NAME_INPUT_MAX_LENGTH, USERNAME_MAX_LENGTH, type RoleCode } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useErrorText } from '../../lib/error-text';
import { useFieldProps } from '../../lib/use-field-props';
import { clientName, divisionName, roleName } from './display-names';
import { divisionsOf } from './user-form';
import type { DataLists } from './user-management-queries';
import type { UserEditor } from './use-user-editor';

interface UserEditRowProps {
  editor: UserEditor;
  lists: DataLists | undefined;
  /** The hidden form outside the table that the row's fields and buttons belong to (Enter saves). */
  formId: string;
  isSaving: boolean;
}

/** The row being edited (spec section 4): every editable field as an input, then MFA, Save and Cancel. */
export function UserEditRow({ editor, lists, formId, isSaving }: UserEditRowProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useCurrentLanguage();
  const { form, edited } = editor;
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const values = form.getValues();
  const errorOf = (field: keyof typeof values) => errorText(form.errors[field]);
  const fieldProps = useFieldProps(form);
  // A cell's input has no visible label: its column header names it. It belongs to the form outside the table.
  const cellProps = (column: 'role' | 'firstName' | 'lastName' | 'username' | 'email' | 'client' | 'division') =>
    ({ 'aria-label': t(`userManagement.columns.${column}`), form: formId, size: 'xs' }) as const;
  // The details typed are another person's: the browser must not offer the ones it saved.
  const textCellProps = (field: 'firstName' | 'lastName' | 'username' | 'email') =>
    ({ ...cellProps(field), autoComplete: 'off', ...fieldProps(field) }) as const;

  // Keyboard users land in the row they asked to edit.
  useEffect(() => firstFieldRef.current?.focus(), [edited?.userId]);

  if (!edited) return null;
  /** Keyboard users go back to the button that started the editing, which exists again once the row is gone. */
  const cancel = (userId: number | null) => {
    editor.stop();
    window.requestAnimationFrame(() => {
      const selector = userId === null ? '[data-add-user]' : `[data-edit-user="${userId}"]`;
      document.querySelector<HTMLElement>(selector)?.focus();
    });
  };
  const divisions = divisionsOf(lists, values.clientCode);

  return (
    <Table.Tr
      data-testid={edited.isNew ? 'new-user-row' : 'edited-user-row'}
      onKeyDown={(event) => {
        // Escape leaves the row as Cancel does, unless it is closing a list that is open in the row.
        if (event.key !== 'Escape' || isSaving || (event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
        event.preventDefault();
        cancel(edited.isNew ? null : edited.userId);
      }}
    >
      <Table.Td>{edited.userId}</Table.Td>
      <Table.Td miw={130}>
        <Select
          {...cellProps('role')}
          data={(lists?.Roles ?? []).map((role) => ({ value: role.Code, label: roleName(role, language) }))}
          value={values.roleCode || null}
          onChange={(code) => form.setFieldValue('roleCode', (code ?? '') as RoleCode | '')}
          error={errorOf('roleCode')}
          allowDeselect={false}
        />
      </Table.Td>
      <Table.Td miw={120}>
        <TextInput ref={firstFieldRef} maxLength={NAME_INPUT_MAX_LENGTH} {...textCellProps('firstName')} />
      </Table.Td>
      <Table.Td miw={130}>
        <TextInput maxLength={NAME_INPUT_MAX_LENGTH} {...textCellProps('lastName')} />
      </Table.Td>
      <Table.Td miw={140}>
        <TextInput maxLength={USERNAME_MAX_LENGTH} {...textCellProps('username')} />
      </Table.Td>
      <Table.Td miw={180}>
        <TextInput type="email" maxLength={EMAIL_INPUT_MAX_LENGTH} {...textCellProps('email')} />
      </Table.Td>
      <Table.Td miw={170}>
        <Select
          {...cellProps('client')}
          data={(lists?.Clients ?? []).map((client) => ({ value: client.Code, label: clientName(client, language) }))}
          value={values.clientCode || null}
          onChange={(code) => editor.changeClient(code ?? '')}
          error={errorOf('clientCode')}
          allowDeselect={false}
        />
      </Table.Td>
      <Table.Td miw={170}>
        <Select
          {...cellProps('division')}
          data={divisions.map((division) => ({ value: division.Code, label: divisionName(division, language) }))}
          value={values.experienceCode || null}
          onChange={(code) => form.setFieldValue('experienceCode', code ?? '')}
          error={errorOf('experienceCode')}
          disabled={values.clientCode === ''}
          allowDeselect={false}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={6} align="stretch">
          <Checkbox
            label={t('userManagement.activeMFA')}
            form={formId}
            size="xs"
            {...form.getInputProps('activeMFA', { type: 'checkbox' })}
          />
          <Button type="submit" form={formId} size="compact-sm" disabled={!editor.canSave} loading={isSaving}>
            {t('userManagement.actions.save')}
          </Button>
          <Button variant="default" size="compact-sm" onClick={() => cancel(edited.isNew ? null : edited.userId)} disabled={isSaving}>
            {t('userManagement.actions.cancel')}
          </Button>
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
