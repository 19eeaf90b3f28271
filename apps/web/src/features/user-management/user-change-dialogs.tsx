import type { Locale } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { fullNameOf } from './display-names';
import { LanguageDialog } from './language-dialog';
import type { useUserChanges } from './use-user-changes';

interface UserChangeDialogsProps {
  changes: ReturnType<typeof useUserChanges>;
  language: Locale;
}

/** The questions asked before a change: confirm edit, language of a new user, confirm reset, confirm delete. */
export function UserChangeDialogs({ changes, language }: UserChangeDialogsProps) {
  const { t } = useTranslation();
  const { pending } = changes;
  const targetName = changes.target ? fullNameOf(changes.target) : '';
  // The person has just asked for the change: Yes has the focus.
  const yesOrNo = { confirmLabel: t('userManagement.yes'), cancelLabel: t('userManagement.no'), emphasis: 'proceed' } as const;
  return (
    <>
      <ConfirmDialog
        opened={pending?.kind === 'confirmUpdate'}
        title={t('userManagement.confirmEdit.title')}
        text={t('userManagement.confirmEdit.text', { name: targetName })}
        {...yesOrNo}
        isPending={changes.isSaving}
        onConfirm={changes.confirmUpdate}
        onCancel={changes.cancel}
      />
      <LanguageDialog
        opened={pending?.kind === 'chooseLanguage'}
        initialLanguage={language}
        isSaving={changes.isSaving}
        onConfirm={changes.confirmCreate}
        onCancel={changes.cancel}
      />
      <ConfirmDialog
        opened={pending?.kind === 'confirmReset'}
        title={t('userManagement.confirmReset.title')}
        text={t('userManagement.confirmReset.text', { name: targetName })}
        {...yesOrNo}
        isPending={changes.isSaving}
        onConfirm={() => pending?.kind === 'confirmReset' && changes.confirmReset(pending.user)}
        onCancel={changes.cancel}
      />
      <ConfirmDialog
        opened={pending?.kind === 'confirmDelete'}
        title={t('userManagement.confirmDelete.title')}
        text={t('userManagement.confirmDelete.text', { name: targetName })}
        {...yesOrNo}
        isPending={changes.isSaving}
        onConfirm={() => pending?.kind === 'confirmDelete' && changes.confirmDelete(pending.user)}
        onCancel={changes.cancel}
      />
    </>
  );
}
