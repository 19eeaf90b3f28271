import { Fragment } from 'react';
import { Table, Text } from '@mantine/core';
import type { ManagedUser } from '@portal/contract';
import { HiddenCaption, SortableHeader } from '../../components/sortable-table';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { describeUser } from './display-names';
import { UserEditRow } from './user-edit-row';
import type { DataLists } from './user-management-queries';
import { UserRowActions, type RowActionHandlers } from './user-row-actions';
import type { UserEditor } from './use-user-editor';
import type { UserColumn } from './use-user-list-request';
import classes from './user-management.module.css';
import { ScrollingTable } from '../../components/scrolling-table';

const COLUMNS: readonly UserColumn[] = ['id', 'role', 'firstName', 'lastName', 'username', 'email', 'client', 'division'];

interface UserTableProps extends RowActionHandlers {
  users: ManagedUser[];
  lists: DataLists | undefined;
  editor: UserEditor;
  editFormId: string;
  isSaving: boolean;
  sort: { column: UserColumn; isDesc: boolean };
  onSort: (column: UserColumn) => void;
  /** On a phone the edited user is in a dialog of its own (UserEditDialog), not in the table. */
  isEditedInDialog: boolean;
}

/** A cell whose text wraps within a bounded width (a table cell's own max-width is not honoured). */
function LongTextCell({ text, className = classes.longText }: { text: string; className?: string }) {
  return (
    <Table.Td>
      <div className={className}>{text}</div>
    </Table.Td>
  );
}

/**
 * The user table (spec section 2). The edited row replaces its user's row; a new user's row sits
 * on top. On a phone the table scrolls sideways inside its frame rather than squeezing its columns.
 */
export function UserTable({ users, lists, editor, editFormId, isSaving, sort, onSort, isEditedInDialog, ...actions }: UserTableProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const edited = isEditedInDialog ? null : editor.edited;
  const editRow = <UserEditRow editor={editor} lists={lists} formId={editFormId} isSaving={isSaving} />;

  return (
    // Focusable: every row's actions wait while a user is edited in the phone's dialog.
    <ScrollingTable minWidth={1100} label={t('userManagement.tableCaption')}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="user-table">
        <HiddenCaption>{t('userManagement.tableCaption')}</HiddenCaption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column}
                label={t(`userManagement.columns.${column}`)}
                direction={sort.column !== column ? null : sort.isDesc ? 'descending' : 'ascending'}
                onSort={() => onSort(column)}
                isDisabled={editor.isEditing}
                isSingleLine
              />
            ))}
            <Table.Th>{t('userManagement.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {edited?.isNew && editRow}
          {users.map((user) => {
            if (edited && !edited.isNew && edited.userId === user.Id) return <Fragment key={user.Id}>{editRow}</Fragment>;
            const names = describeUser(user, language);
            return (
              <Table.Tr key={user.Id} data-testid="user-row">
                <Table.Td>{user.Id}</Table.Td>
                <Table.Td>{names.role}</Table.Td>
                <LongTextCell text={user.FirstName} />
                <LongTextCell text={user.LastName} />
                <LongTextCell text={user.Username} />
                <LongTextCell text={user.Email} className={classes.email} />
                <LongTextCell text={names.client} />
                <LongTextCell text={names.division} />
                <Table.Td>
                  <UserRowActions user={user} isLocked={editor.isEditing} {...actions} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {users.length === 0 && !edited?.isNew && (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>
                <Text role="status">{t('userManagement.noUser')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollingTable>
  );
}
