import { ActionIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { ReadOnlyValue } from './read-only-value';

/** The e-mail address is read-only here: a new one is proven by a code (the pencil opens that dialog). */
export function EmailField({ email, onEdit }: { email: string; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <ReadOnlyValue
      label={t('settings.profile.email')}
      value={email}
      testId="email-address"
      action={
        <ActionIcon variant="subtle" size="sm" onClick={onEdit} aria-label={t('settings.profile.changeEmail')} data-testid="change-email">
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
