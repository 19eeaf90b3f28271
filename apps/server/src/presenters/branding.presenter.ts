import type { BrandAssetKind, BrandColors, ExperienceBranding, Locale } from '@portal/contract';
import type { BrandedExperience, Experience } from '../services/branding.service.js';

/** Hex characters of an image's hash its address carries: enough to tell versions apart. */
const VERSION_LENGTH = 16;

/** The address of an experience's image, which changes with the image's bytes (so it may be cached for a year). */
export function brandAssetUrl(experienceCode: string, kind: BrandAssetKind, contentHash: string | undefined): string {
  const url = `/branding/${encodeURIComponent(experienceCode)}/${kind}`;
  return contentHash ? `${url}?v=${contentHash.slice(0, VERSION_LENGTH)}` : url;
}

/** Whether a request names the image's current version (then the answer never changes). */
export function isCurrentAssetVersion(version: string | undefined, contentHash: string): boolean {
  return version !== undefined && version === contentHash.slice(0, VERSION_LENGTH);
}

export function presentBranding({ experience, assets }: BrandedExperience): ExperienceBranding {
  const hashOf = (kind: BrandAssetKind) => assets.find((asset) => asset.kind === kind)?.content_hash;
  const url = (kind: BrandAssetKind) => brandAssetUrl(experience.code, kind, hashOf(kind));
  const optionalUrl = (kind: BrandAssetKind) => (hashOf(kind) ? url(kind) : null);
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
