import type { BrandAssetKind, BrandColors, ExperienceBranding, Locale } from '@portal/contract';
import type { BrandedExperience, Experience } from '../services/branding.service.js';

export function presentBranding({ experience, assetKinds }: BrandedExperience): ExperienceBranding {
  const url = (kind: BrandAssetKind) => `/branding/${encodeURIComponent(experience.code)}/${kind}`;
  const optionalUrl = (kind: BrandAssetKind) => (assetKinds.includes(kind) ? url(kind) : null);
  return {
    Code: experience.code,
    ClientCode: experience.client_code,
    NameEn: experience.name_en,
    NameFr: experience.name_fr,
    AppTitle: experience.app_title,
    Colors: experience.colors as BrandColors,
    Assets: {
      logo: url('logo'),
      logoDark: url('logo-dark'),
      logoEn: optionalUrl('logo-en'),
      loginLogoEn: optionalUrl('login-logo-en'),
      favicon: url('favicon'),
      footerLogo: url('footer-logo'),
    },
    LogoMaxWidth: experience.logo_max_width,
    LogoMaxHeight: experience.logo_max_height,
  };
}

/** What the login page needs: the experience it shows, whether visitors may register, and the language to start in. */
export function presentDisplayLogin(experience: Experience, defaultLanguage: Locale) {
  return { experienceCode: experience.code, hasOnboarding: experience.onboarding_enabled, defaultLanguage };
}
