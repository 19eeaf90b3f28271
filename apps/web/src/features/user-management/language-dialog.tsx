import { useId, useState } from 'react';
import { Button, Group, Input, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@portal/contract';
import { Dialog } from '../../components/dialog';

interface LanguageDialogProps {
  opened: boolean;
  /** The choice the dialog opens with: the current locale (spec section 4). */
  initialLanguage: Locale;
  isSaving: boolean;
  onConfirm: (language: Locale) => void;
  onCancel: () => void;
}

/** Before a user is created: the language of its welcome e-mail and later messages (EN/FR toggle). */
export function LanguageDialog({ opened, initialLanguage, isSaving, onConfirm, onCancel }: LanguageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={t('userManagement.language.title')}
      centered
    >
      {/* Mounted per opening, so each new user starts from the current locale. */}
      {opened && <LanguageChoice initialLanguage={initialLanguage} isSaving={isSaving} onConfirm={onConfirm} onCancel={onCancel} />}
    </Dialog>
  );
}

function LanguageChoice({ initialLanguage, isSaving, onConfirm, onCancel }: Omit<LanguageDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const labelId = useId();
  const [language, setLanguage] = useState<Locale>(initialLanguage);
  return (
    <Stack gap="lg">
      <Text>{t('userManagement.language.text')}</Text>
      <Stack gap={4} align="flex-start">
        <Input.Label id={labelId} required component="div">
          {t('userManagement.language.label')}
        </Input.Label>
        <SegmentedControl
          aria-labelledby={labelId}
          value={language}
          onChange={(next) => setLanguage(next as Locale)}
          data={LOCALES.map((code) => ({
            value: code,
            label: (
              <>
                <span aria-hidden>{t(`userManagement.language.short.${code}`)}</span>
                <VisuallyHidden>{t(`userManagement.language.name.${code}`)}</VisuallyHidden>
              </>
            ),
          }))}
          data-testid="new-user-language"
        />
      </Stack>
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
