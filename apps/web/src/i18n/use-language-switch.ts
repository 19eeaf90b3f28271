import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage, otherLanguage } from './language';

/**
 * What every language toggle needs: the other language's name (written in that language,
 * so its readers recognise it), its code for the lang attribute, and the switch itself.
 */
export function useLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const target = otherLanguage(currentLanguage());
  return {
    label: t('language.switchTo'),
    accessibleLabel: t('language.switchToLabel'),
    targetLanguage: target,
    // Read at render so the hook re-runs when the language changes.
    currentLanguage: i18n.language,
    switchLanguage: () => chooseLanguage(target),
  };
}
