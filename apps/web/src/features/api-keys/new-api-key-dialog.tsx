import type { ApiKeySummary } from '@portal/contract';
import { SecretShownOnceDialog } from '../../components/secret-shown-once-dialog';
import { useTranslation } from '../../i18n/use-translation';

interface NewApiKeyDialogProps {
  /** The key just made, with its secret: held only while this dialog is open. */
  created: { key: ApiKeySummary; secret: string } | null;
  onClose: () => void;
}

/** The one time a key is shown in full. */
export function NewApiKeyDialog({ created, onClose }: NewApiKeyDialogProps) {
  const { t } = useTranslation();
  return (
    <SecretShownOnceDialog
      secret={created?.secret ?? null}
      onClose={onClose}
      testId="new-api-key-dialog"
      secretTestId="new-api-key-secret"
      texts={{
        title: t('apiKeys.created.title'),
        intro: t('apiKeys.created.intro', { name: created?.key.name ?? '' }),
        warningTitle: t('apiKeys.created.warningTitle'),
        warning: t('apiKeys.created.warning'),
        label: t('apiKeys.created.keyLabel'),
        copy: t('apiKeys.created.copy'),
        copied: t('apiKeys.created.copied'),
        done: t('apiKeys.created.done'),
      }}
    />
  );
}
