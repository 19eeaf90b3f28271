import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userManagementEndpoints, type Locale, type ManagedUser } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { readFieldIssues } from '../../lib/field-issues';
import { isSessionLost } from '../../lib/session-loss';
import { getStoredUser, setStoredUser } from '../../lib/stored-user';
import { failureOutcome, type Outcome } from './outcome';
import { userManagementKeys } from './query-keys';
import { toCreateRequest, toUpdateRequest, type UserFormValues } from './user-form';
import type { UserEditor } from './use-user-editor';

/** The question on screen before a change is sent. */
export type PendingChange =
  | { kind: 'confirmUpdate' }
  | { kind: 'chooseLanguage' }
  | { kind: 'confirmReset'; user: ManagedUser }
  | { kind: 'confirmDelete'; user: ManagedUser };

const FORM_FIELDS = ['username', 'firstName', 'lastName', 'email', 'roleCode', 'clientCode', 'experienceCode'] as const;

/**
 * The changes of the screen and the dialogs around them (spec sections 2 and 4): an edited
 * row is confirmed then updated, a new one gets its language then is created; a password reset
 * and a deletion are confirmed first. Each ends in a success or an error dialog.
 */
export function useUserChanges(editor: UserEditor, showOutcome: (outcome: Outcome) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);
  // Kept after the question closes, so that its text does not vanish while the dialog fades out.
  const [target, setTarget] = useState<ManagedUser | null>(null);

  const succeed = async (msg: string) => {
    setPending(null);
    showOutcome({ kind: 'success', text: msg });
    await queryClient.invalidateQueries({ queryKey: userManagementKeys.all });
  };
  const fail = (error: unknown) => {
    setPending(null);
    // A lost session already sends the browser to sign-in; no dialog should sit on top of that.
    if (isSessionLost(error)) return;
    editor.form.setErrors(readFieldIssues(error, FORM_FIELDS));
    showOutcome(failureOutcome(error, t('userManagement.outcome.saveError')));
  };

  const create = useMutation({
    mutationFn: ({ values, language }: { values: UserFormValues; language: Locale }) =>
      callApi(userManagementEndpoints.createUser, { body: toCreateRequest(values, language) }),
    onSuccess: async (answer) => {
      editor.stop();
      await succeed(answer.msg);
    },
    onError: fail,
  });

  const update = useMutation({
    mutationFn: ({ userId, values }: { userId: number; values: UserFormValues }) =>
      callApi(userManagementEndpoints.updateUser, { body: toUpdateRequest(userId, values) }),
    onSuccess: async (answer) => {
      editor.stop();
      // People who edit their own row see their new name in the top bar at once.
      const me = getStoredUser();
      if (me && me.userid === answer.user.Id) setStoredUser({ ...me, firstname: answer.user.FirstName, lastname: answer.user.LastName });
      await succeed(answer.msg);
    },
    onError: fail,
  });

  const reset = useMutation({
    mutationFn: (user: ManagedUser) => callApi(userManagementEndpoints.resetUserPassword, { body: { userId: user.Id } }),
    onSuccess: (answer) => succeed(answer.msg),
    onError: fail,
  });

  const remove = useMutation({
    mutationFn: (user: ManagedUser) => callApi(userManagementEndpoints.softDeleteUser, { body: { userId: user.Id } }),
    onSuccess: (answer) => succeed(answer.msg),
    onError: fail,
  });

  return {
    pending,
    isSaving: create.isPending || update.isPending || reset.isPending || remove.isPending,
    /** Save on the edited row: a new user first gets its language, an existing one a confirmation. */
    requestSave: () => {
      const edited = editor.edited;
      if (!edited || !editor.canSave) return;
      if (edited.isNew) return setPending({ kind: 'chooseLanguage' });
      setTarget(edited.user);
      setPending({ kind: 'confirmUpdate' });
    },
    /** The user of the last question (edit, reset or deletion). */
    target,
    requestReset: (user: ManagedUser) => {
      setTarget(user);
      setPending({ kind: 'confirmReset', user });
    },
    requestDelete: (user: ManagedUser) => {
      setTarget(user);
      setPending({ kind: 'confirmDelete', user });
    },
    cancel: () => setPending(null),
    confirmUpdate: () => {
      const edited = editor.edited;
      if (edited && !edited.isNew) update.mutate({ userId: edited.userId, values: editor.form.getValues() });
    },
    confirmCreate: (language: Locale) => create.mutate({ values: editor.form.getValues(), language }),
    confirmReset: (user: ManagedUser) => reset.mutate(user),
    confirmDelete: (user: ManagedUser) => remove.mutate(user),
  };
}
