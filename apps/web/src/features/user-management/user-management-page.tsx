import { useId, useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { UserChangeDialogs } from './user-change-dialogs';
import { UserEvidenceDialog } from './user-evidence-dialog';
import { CustomerViewDialog } from './customer-view-dialog';
import { useStoredUser } from '../../lib/stored-user';
import { UserSessionsDialog } from './user-sessions-dialog';
import { OutcomeDialog, useOutcome } from './outcome-dialog';
import { ReportAccessDialog } from './report-access/report-access-dialog';
import { dataListsQuery, usersQuery } from './user-management-queries';
import { UserPageControls } from './user-page-controls';
import { UserTable } from './user-table';
import { UserToolbar } from './user-toolbar';
import { useUserChanges } from './use-user-changes';
import { useUserEditor } from './use-user-editor';
import { useUserListRequest } from './use-user-list-request';
import { UserEditDialog } from './user-edit-dialog';

/** User management (spec section 2): search, role filters, the paged table with inline editing, and its dialogs. */
export function UserManagementPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const editFormId = useId();
  const list = useUserListRequest({ language, isMobile });
  const { data: lists } = useQuery(dataListsQuery());
  const { data, error, isPending, isFetching, refetch } = useQuery(usersQuery(list.request));
  const editor = useUserEditor(lists);
  const outcome = useOutcome();
  const changes = useUserChanges(editor, outcome.show);
  const [accessUser, setAccessUser] = useState<ManagedUser | null>(null);
  const [sessionsUser, setSessionsUser] = useState<ManagedUser | null>(null);
  const [evidenceUser, setEvidenceUser] = useState<ManagedUser | null>(null);
  const [viewedUser, setViewedUser] = useState<ManagedUser | null>(null);
  const signedIn = useStoredUser();
  const total = data?.TotalUsers ?? 0;

  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Title order={1}>{t('userManagement.title')}</Title>
        {isFetching && !isPending && <LoadingIndicator size="xs" />}
      </Group>
      <UserToolbar
        search={list.search}
        onSearch={list.setSearch}
        roles={(lists?.Roles ?? []).map((role) => role.Code)}
        roleFilters={list.roleFilters}
        onRoleFilters={list.setRoleFilters}
        onAddUser={editor.startNew}
        isLocked={editor.isEditing}
      />
      {data && (
        <Text size="sm" aria-live="polite" data-testid="total-users">
          {t('userManagement.total', { count: total, formatted: formatNumber(total, language) })}
        </Text>
      )}
      {error && (
        <ErrorAlert onRetry={() => void refetch()} isRetrying={isFetching}>
          {describeError(error)}
        </ErrorAlert>
      )}
      {isPending && !error && <LoadingIndicator />}
      {data && (
        <>
          <form
            id={editFormId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              changes.requestSave();
            }}
          />
          <UserTable
            users={data.Users}
            lists={lists}
            editor={editor}
            editFormId={editFormId}
            isSaving={changes.isSaving}
            sort={list.sort}
            onSort={list.toggleSort}
            isEditedInDialog={isMobile}
            onReportAccess={setAccessUser}
            onEdit={editor.startEdit}
            onResetPassword={changes.requestReset}
            onSessions={setSessionsUser}
            onEvidence={setEvidenceUser}
            onCustomerView={setViewedUser}
            onDelete={changes.requestDelete}
          />
          <UserPageControls
            page={list.page}
            perPage={list.itemsPerPage}
            total={total}
            isMobile={isMobile}
            isDisabled={editor.isEditing}
            onPage={list.setPage}
            onPerPage={list.setPerPage}
          />
        </>
      )}
      {isMobile && data && <UserEditDialog editor={editor} lists={lists} formId={editFormId} isSaving={changes.isSaving} />}
      <UserChangeDialogs changes={changes} language={language} />
      <UserSessionsDialog user={sessionsUser} onClose={() => setSessionsUser(null)} />
      <UserEvidenceDialog user={evidenceUser} onClose={() => setEvidenceUser(null)} />
      <CustomerViewDialog user={viewedUser} staff={signedIn} onClose={() => setViewedUser(null)} />
      <ReportAccessDialog
        user={accessUser}
        onClose={() => setAccessUser(null)}
        onSaved={(msg) => {
          setAccessUser(null);
          outcome.show({ kind: 'success', text: msg });
        }}
      />
      <OutcomeDialog outcome={outcome.outcome} onClose={outcome.close} />
    </Stack>
  );
}
