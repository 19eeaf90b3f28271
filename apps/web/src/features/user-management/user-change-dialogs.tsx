import type { Locale } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from './confirm-dialog';
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
  return (
    <>
      <ConfirmDialog
        opened={pending?.kind === 'confirmUpdate'}
        title={t('userManagement.confirmEdit.title')}
        text={t('userManagement.confirmEdit.text', { name: targetName })}
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
        isPending={changes.isSaving}
        onConfirm={() => pending?.kind === 'confirmReset' && changes.confirmReset(pending.user)}
        onCancel={changes.cancel}
      />
      <ConfirmDialog
        opened={pending?.kind === 'confirmDelete'}
        title={t('userManagement.confirmDelete.title')}
        text={t('userManagement.confirmDelete.text', { name: targetName })}
        isPending={changes.isSaving}
        onConfirm={() => pending?.kind === 'confirmDelete' && changes.confirmDelete(pending.user)}
        onCancel={changes.cancel}
      />
    </>
  );
}
