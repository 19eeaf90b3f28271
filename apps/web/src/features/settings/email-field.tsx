import { ActionIcon, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The e-mail address is read-only here: a new one is proven by a code (the pencil opens that dialog). */
export function EmailField({ email, onEdit }: { email: string; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('settings.profile.email')}
      value={email}
      readOnly
      rightSectionPointerEvents="all"
      rightSection={
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('settings.profile.changeEmail')} data-testid="change-email">
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
