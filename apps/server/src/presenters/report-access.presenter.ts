import type { Locale, ReportAccess, ReportAccessPreview } from '@portal/contract';
import type { ReportWithAttributes, StoredAccess } from '../db/repositories/report-access.repository.js';
import { serverText } from '../i18n/server-texts.js';
import type { AccessPreview } from '../services/report-access-preview.service.js';
import type { SavedReportAccess } from '../services/report-access.service.js';
import { presentValueFormat } from './documents.presenter.js';

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

/** A type's preview; each result named as the list's rows are (its date, then its column values by attribute name). */
export function presentAccessPreview(preview: AccessPreview): ReportAccessPreview {
  const columns = preview.displayed.map((attribute) => attribute.name);
  return {
    ReportId: preview.reportId,
    TotalDocuments: preview.total,
    TotalIsLowerBound: preview.isLowerBound,
    DisplayedAttributes: preview.displayed.map((attribute) => ({
      Name: attribute.name,
      DisplayNameFR: attribute.display_name_fr,
      DisplayNameEN: attribute.display_name_en,
      ...presentValueFormat(attribute),
    })),
    Results: preview.documents.map((document) => ({
      ...Object.fromEntries(columns.flatMap((name) => (name in document.attributes ? [[name, document.attributes[name]!]] : []))),
      date: document.date,
    })),
    EmptyGroups: preview.emptyGroups,
  };
}
