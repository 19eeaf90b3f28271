import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { Locale } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { LocaleChoiceField } from '../../components/locale-choice-field';
import { useTranslation } from '../../i18n/use-translation';

interface LanguageDialogProps {
  opened: boolean;
  /** The choice the dialog opens with: the current locale (spec section 4). */
  initialLanguage: Locale;
  isSaving: boolean;
  onConfirm: (language: Locale) => void;
  onCancel: () => void;
}

/** How the EN/FR toggles of user management name each language: short on screen, in full for screen readers. */
export function languageNamesOf(t: ReturnType<typeof useTranslation>['t']) {
  return (code: Locale) => ({ short: t(`userManagement.language.short.${code}`), full: t(`userManagement.language.name.${code}`) });
}

/** Before a user is created: the language of its welcome e-mail and later messages (EN/FR toggle). */
export function LanguageDialog({ opened, initialLanguage, isSaving, onConfirm, onCancel }: LanguageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onCancel} title={t('userManagement.language.title')} centered>
      {/* Mounted per opening, so each new user starts from the current locale. */}
      {opened && <LanguageChoice initialLanguage={initialLanguage} isSaving={isSaving} onConfirm={onConfirm} onCancel={onCancel} />}
    </Dialog>
  );
}

function LanguageChoice({ initialLanguage, isSaving, onConfirm, onCancel }: Omit<LanguageDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>(initialLanguage);
  return (
    <Stack gap="lg">
      <Text>{t('userManagement.language.text')}</Text>
      <LocaleChoiceField
        label={t('userManagement.language.label')}
        value={language}
        onChange={setLanguage}
        namesOf={languageNamesOf(t)}
        testId="new-user-language"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onConfirm(language)} loading={isSaving} data-autofocus>
          {t('userManagement.language.create')}
        </Button>
      </Group>
    </Stack>
  );
}
