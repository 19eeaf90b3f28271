import type { Locale, ManagedUser, ReportAccess, RoleCode } from '@portal/contract';
import type { ManagedUserRow } from '../db/repositories/managed-users.repository.js';
import type { ReportAccessRepository, StoredAccess } from '../db/repositories/report-access.repository.js';

type ReportWithAttributes = Awaited<ReturnType<ReportAccessRepository['reportsWithAttributes']>>[number];

/** A row of the user-management table in the specification's wire names. */
export function presentManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    Id: row.id,
    Role_Code: row.role_code as RoleCode,
    Role_NameFr: row.role_name_fr,
    Role_NameEn: row.role_name_en,
    FirstName: row.first_name,
    LastName: row.last_name,
    Username: row.username,
    Email: row.email,
    Client_Code: row.client_code,
    Client_NameFR: row.client_name_fr,
    Client_NameEN: row.client_name_en,
    Experience_Code: row.experience_code,
    Experience_NameFr: row.experience_name_fr,
    Experience_NameEn: row.experience_name_en,
    ActiveMFA: row.mfa_active,
    Language: row.contact_language as Locale,
  };
}

/** Every document type of the client, with the user's access and criteria groups where it has some. */
export function presentReportAccess(reports: ReportWithAttributes[], stored: Map<number, StoredAccess>): ReportAccess[] {
  return reports.map((report) => {
    const names = new Map(report.attributes.map((attribute) => [attribute.id, attribute]));
    const access = stored.get(report.id);
    return {
      ReportId: report.id,
      DisplayTextEn: report.title_en,
      DisplayTextFr: report.title_fr,
      UserConfiguredCriteria: (access?.groups ?? []).map((group, groupNumber) =>
        [...group]
          .filter(([attributeId]) => names.has(attributeId))
          .map(([attributeId, value]) => ({
            DisplayTextEn: names.get(attributeId)!.display_name_en,
            DisplayTextFr: names.get(attributeId)!.display_name_fr,
            ReportAttributeId: attributeId,
            Value: value,
            Group: groupNumber,
          })),
      ),
      RequiredAttributes: report.attributes.map((attribute) => ({
        Id: attribute.id,
        DisplayNameEN: attribute.display_name_en,
        DisplayNameFR: attribute.display_name_fr,
      })),
      Access: access?.hasAccess ?? false,
    };
  });
}
