import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLanguageSwitch } from '../i18n/use-language-switch';

/** Switches between English and French; labelled in the language it switches to. */
export function LanguageToggle(props: ButtonProps) {
  const { label, accessibleLabel, targetLanguage, switchLanguage } = useLanguageSwitch();
  return (
    <Button
      variant="subtle"
      leftSection={<IconLanguage size={18} aria-hidden />}
      lang={targetLanguage}
      aria-label={accessibleLabel}
      data-testid="language-toggle"
      onClick={() => void switchLanguage()}
      {...props}
    >
      {label}
    </Button>
  );
}
