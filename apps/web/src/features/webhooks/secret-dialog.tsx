import { SecretShownOnceDialog } from '../../components/secret-shown-once-dialog';
import { useTranslation } from '../../i18n/use-translation';

/** The one time an endpoint's signing secret is shown, after registering or rotating. */
export function SecretDialog({ shown, onClose }: { shown: { url: string; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <SecretShownOnceDialog
      secret={shown?.secret ?? null}
      onClose={onClose}
      testId="webhook-secret-dialog"
      secretTestId="webhook-secret"
      texts={{
        title: t('webhooks.secret.title'),
        intro: t('webhooks.secret.intro', { url: shown?.url ?? '' }),
        warningTitle: t('webhooks.secret.warningTitle'),
        warning: t('webhooks.secret.warning'),
        label: t('webhooks.secret.label'),
        copy: t('webhooks.secret.copy'),
        copied: t('webhooks.secret.copied'),
        done: t('webhooks.secret.done'),
      }}
    />
  );
}
