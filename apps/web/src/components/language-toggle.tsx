import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLanguageSwitch } from '../i18n/use-language-switch';

/** Switches between English and French; labelled in the language it switches to. */
export function LanguageToggle(props: ButtonProps) {
  const { label, accessibleLabel, targetLanguage, switchLanguage } = useLanguageSwitch();
  return (
    <Button
      variant="subtle"
      // The page's own text colour, not the brand's: a light brand colour on the page fell under 4.5:1.
      c="var(--mantine-color-text)"
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
