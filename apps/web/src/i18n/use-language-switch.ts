import { chooseLanguage, otherLanguage } from './language';
import { useTranslation } from './use-translation';

/**
 * What every language toggle needs: the other language's name (written in that language,
 * so its readers recognise it), its code for the lang attribute, and the switch itself.
 */
export function useLanguageSwitch() {
  const { t, language } = useTranslation();
  const target = otherLanguage(language);
  return {
    label: t('language.switchTo'),
    accessibleLabel: t('language.switchToLabel'),
    targetLanguage: target,
    currentLanguage: language,
    switchLanguage: () => chooseLanguage(target),
  };
}
