import { useEffect, useRef } from 'react';
import { Button, Checkbox, Select, Stack, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMAIL_INPUT_MAX_LENGTH, NAME_INPUT_MAX_LENGTH, USERNAME_MAX_LENGTH, type RoleCode } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useErrorText } from '../../lib/error-text';
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
  const column = (name: 'role' | 'firstName' | 'lastName' | 'username' | 'email' | 'client' | 'division') =>
    t(`userManagement.columns.${name}`);

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
    <Table.Tr data-testid={edited.isNew ? 'new-user-row' : 'edited-user-row'}>
      <Table.Td>{edited.userId}</Table.Td>
      <Table.Td miw={130}>
        <Select
          aria-label={column('role')}
          form={formId}
          data={(lists?.Roles ?? []).map((role) => ({ value: role.Code, label: roleName(role, language) }))}
          value={values.roleCode || null}
          onChange={(code) => form.setFieldValue('roleCode', (code ?? '') as RoleCode | '')}
          error={errorOf('roleCode')}
          allowDeselect={false}
          size="xs"
        />
      </Table.Td>
      <Table.Td miw={120}>
        <TextInput
          ref={firstFieldRef}
          aria-label={column('firstName')}
          form={formId}
          maxLength={NAME_INPUT_MAX_LENGTH}
          autoComplete="off"
          size="xs"
          {...form.getInputProps('firstName')}
          error={errorOf('firstName')}
        />
      </Table.Td>
      <Table.Td miw={130}>
        <TextInput
          aria-label={column('lastName')}
          form={formId}
          maxLength={NAME_INPUT_MAX_LENGTH}
          autoComplete="off"
          size="xs"
          {...form.getInputProps('lastName')}
          error={errorOf('lastName')}
        />
      </Table.Td>
      <Table.Td miw={140}>
        <TextInput
          aria-label={column('username')}
          form={formId}
          maxLength={USERNAME_MAX_LENGTH}
          autoComplete="off"
          size="xs"
          {...form.getInputProps('username')}
          error={errorOf('username')}
        />
      </Table.Td>
      <Table.Td miw={180}>
        <TextInput
          aria-label={column('email')}
          form={formId}
          type="email"
          maxLength={EMAIL_INPUT_MAX_LENGTH}
          autoComplete="off"
          size="xs"
          {...form.getInputProps('email')}
          error={errorOf('email')}
        />
      </Table.Td>
      <Table.Td miw={170}>
        <Select
          aria-label={column('client')}
          form={formId}
          data={(lists?.Clients ?? []).map((client) => ({ value: client.Code, label: clientName(client, language) }))}
          value={values.clientCode || null}
          onChange={(code) => editor.changeClient(code ?? '')}
          error={errorOf('clientCode')}
          allowDeselect={false}
          size="xs"
        />
      </Table.Td>
      <Table.Td miw={170}>
        <Select
          aria-label={column('division')}
          form={formId}
          data={divisions.map((division) => ({ value: division.Code, label: divisionName(division, language) }))}
          value={values.experienceCode || null}
          onChange={(code) => form.setFieldValue('experienceCode', code ?? '')}
          error={errorOf('experienceCode')}
          disabled={values.clientCode === ''}
          allowDeselect={false}
          size="xs"
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={6} align="stretch">
          <Checkbox label={t('userManagement.activeMFA')} form={formId} size="xs" {...form.getInputProps('activeMFA', { type: 'checkbox' })} />
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
