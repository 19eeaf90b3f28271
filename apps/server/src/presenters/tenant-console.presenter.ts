import {
  BRAND_ASSET_KINDS,
  OPTIONAL_BRAND_IMAGE_KINDS,
  type ConsoleBrand,
  type ConsoleClient,
  type IncompleteText,
} from '@portal/contract';
import type { BrandWithImages, TenantClientRow } from '../db/repositories/tenants.repository.js';
import { brandAssetUrl } from './branding.presenter.js';
import type { IncompleteTenantText } from '../services/tenant-texts.js';

export function presentConsoleClient(row: TenantClientRow): ConsoleClient {
  return {
    id: row.id,
    code: row.code,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    onboardingEnabled: row.onboarding_enabled,
    blockDuplicates: row.block_duplicates,
    smsAllowed: row.sms_mfa_active,
    trustedDevicesAllowed: row.trusted_devices_allowed,
    customerViewDocuments: row.customer_view_documents,
    roleNames: row.role_names.map((name) => ({ role: name.role, nameEn: name.name_en, nameFr: name.name_fr })),
    experiences: row.experiences.map((experience) => ({
      id: experience.id,
      code: experience.code,
      nameEn: experience.name_en,
      nameFr: experience.name_fr,
    })),
  };
}

export function presentIncompleteText(text: IncompleteTenantText): IncompleteText {
  return {
    area: text.area,
    id: text.id,
    field: text.field,
    label: text.label,
    en: text.en,
    fr: text.fr,
    problem: text.problem,
    shownAtRegistration: text.shown_at_registration,
  };
}

export function presentConsoleBrand(row: BrandWithImages): ConsoleBrand {
  return {
    id: row.id,
    code: row.code,
    clientId: row.client_id,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    appTitle: row.app_title,
    colors: row.colors,
    images: BRAND_ASSET_KINDS.map((kind) => {
      const held = row.images.find((image) => image.kind === kind);
      return {
        kind,
        url: held ? brandAssetUrl(row.code, kind, held.content_hash) : null,
        required: !(OPTIONAL_BRAND_IMAGE_KINDS as readonly string[]).includes(kind),
      };
    }),
  };
}
