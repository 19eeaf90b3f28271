import type { ChosenReport, OnboardingReport, RegistrationReport } from '@portal/contract';
import type { OfferedReport } from '../db/repositories/subscriptions.repository.js';

/** An offered type in the registration's list of types, ticked by default. */
export function presentRegistrationReport(report: OfferedReport): RegistrationReport {
  return { Id: report.id, Checked: true, TitleEn: report.title_en, TitleFr: report.title_fr };
}

/** An offered type with the attributes that prove the right to it, each still to be filled in. */
export function presentChosenReport(report: OfferedReport): ChosenReport {
  return {
    Id: report.id,
    TitleEn: report.title_en,
    TitleFr: report.title_fr,
    Attributes: report.attributes.map((a) => ({
      AttributeId: a.attribute_id,
      NameEn: a.display_name_en,
      NameFr: a.display_name_fr,
      DescriptionEn: a.description_en,
      DescriptionFr: a.description_fr,
      Value: '',
    })),
  };
}

/** What a signed-in user may subscribe to, nothing ticked, and the types it already sees. */
export function presentOnboardingList(list: { offered: OfferedReport[]; accessibleReportIds: number[] }): {
  reportsLst: OnboardingReport[];
  reportAccess: number[];
} {
  return {
    reportsLst: list.offered.map((report) => ({ ...presentChosenReport(report), Checked: false })),
    reportAccess: list.accessibleReportIds,
  };
}
