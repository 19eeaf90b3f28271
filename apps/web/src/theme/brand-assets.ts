import type { ExperienceBranding, Locale } from '@portal/contract';
import { pickBilingual } from '../i18n/pick-bilingual';

/** The experience's name in the reader's language: the alt text of its logos. */
export function brandName(branding: ExperienceBranding, language: Locale): string {
  return pickBilingual(language, { en: branding.NameEn, fr: branding.NameFr });
}

/** Dark surfaces get the dark logo; otherwise English readers get the English logo when there is one. */
export function pickHeaderLogo(branding: ExperienceBranding, language: Locale, isDarkSurface: boolean): string {
  if (isDarkSurface) return branding.Assets.logoDark;
  return (language === 'en' && branding.Assets.logoEn) || branding.Assets.logo;
}

export function pickLoginLogo(branding: ExperienceBranding, language: Locale): string {
  if (language === 'en') return branding.Assets.loginLogoEn ?? branding.Assets.logoEn ?? branding.Assets.logo;
  return branding.Assets.logo;
}
