import type { Locale, ReportAccess } from '@portal/contract';
import type { ReportWithAttributes, StoredAccess } from '../db/repositories/report-access.repository.js';
import { serverText } from '../i18n/server-texts.js';
import type { SavedReportAccess } from '../services/report-access.service.js';

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

export function presentReportAccessSaved(saved: SavedReportAccess, language: Locale): { msg: string; Reports: ReportAccess[] } {
  return { msg: serverText(language, 'userManagement.reportAccessSaved'), Reports: presentReportAccess(saved.reports, saved.access) };
}
