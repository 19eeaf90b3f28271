import type { BrandAssetKind, BrandColors, ExperienceBranding } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';

type ExperienceWithClient = Awaited<ReturnType<ExperiencesRepository['findByCodeOrDefault']>>;

export function presentBranding(experience: ExperienceWithClient, assetKinds: string[]): ExperienceBranding {
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
