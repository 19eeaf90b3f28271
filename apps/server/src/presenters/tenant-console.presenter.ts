import type { ConsoleBrand, ConsoleClient, IncompleteText } from '@portal/contract';
import type { BrandRow, TenantClientRow } from '../db/repositories/tenants.repository.js';
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

export function presentConsoleBrand(row: BrandRow): ConsoleBrand {
  return {
    id: row.id,
    code: row.code,
    clientId: row.client_id,
    nameEn: row.name_en,
    nameFr: row.name_fr,
    appTitle: row.app_title,
    colors: row.colors,
  };
}
