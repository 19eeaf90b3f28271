import type { Locale, ReportAccess, SaveReportAccessRequest } from '@portal/contract';
import { pickBilingual } from '../../../i18n/pick-bilingual';

/**
 * The report-access dialog's working copy (spec sections 3 and 5). Each document type has
 * criteria groups; a group holds one value per attribute it uses, among the type's attributes.
 * The user sees the documents matching any group, and a group matches when every value does.
 */
export interface DraftCriterion {
  attributeId: number;
  value: string;
}

export interface DraftGroup {
  /** Stable across edits, for React and for labels; not sent. */
  key: number;
  criteria: DraftCriterion[];
}

export interface DraftReport {
  reportId: number;
  titleEn: string;
  titleFr: string;
  attributes: ReportAccess['RequiredAttributes'];
  groups: DraftGroup[];
}

export type SubmittedReports = SaveReportAccessRequest['submitedReports'];

export function draftsOf(reports: ReportAccess[]): DraftReport[] {
  return reports.map((report) => ({
    reportId: report.ReportId,
    titleEn: report.DisplayTextEn,
    titleFr: report.DisplayTextFr,
    attributes: report.RequiredAttributes,
    groups: report.UserConfiguredCriteria.map((items, index) => ({
      key: index + 1,
      criteria: items.map((item) => ({ attributeId: item.ReportAttributeId, value: item.Value })),
    })),
  }));
}

const isFilled = (criterion: DraftCriterion) => criterion.value.trim() !== '';

export const isGroupEmpty = (group: DraftGroup) => !group.criteria.some(isFilled);

/** Spec section 5: in a group either every field is filled or none is. */
export const isGroupIncomplete = (group: DraftGroup) => !isGroupEmpty(group) && !group.criteria.every(isFilled);

export const hasIncompleteGroup = (reports: DraftReport[]) => reports.some((report) => report.groups.some(isGroupIncomplete));

/** Access is given as soon as any value is filled (spec section 5). */
export const hasAccess = (report: DraftReport) => report.groups.some((group) => !isGroupEmpty(group));

/** What savereportaccess receives: every type, its empty groups left out, values trimmed. */
export function toSubmittedReports(reports: DraftReport[]): SubmittedReports {
  return reports.map((report) => ({
    ReportId: report.reportId,
    UserConfiguredCriteria: report.groups
      .filter((group) => !isGroupEmpty(group))
      .map((group) => group.criteria.map((criterion) => ({ ReportAttributeId: criterion.attributeId, Value: criterion.value.trim() }))),
  }));
}

export function attributeName(attribute: DraftReport['attributes'][number], language: Locale): string {
  return pickBilingual(language, { en: attribute.DisplayNameEN, fr: attribute.DisplayNameFR });
}

/** The type's attributes a group does not use yet, which "add an attribute" offers. */
export function unusedAttributes(report: DraftReport, group: DraftGroup): DraftReport['attributes'] {
  const used = new Set(group.criteria.map((criterion) => criterion.attributeId));
  return report.attributes.filter((attribute) => !used.has(attribute.Id));
}

function withGroup(report: DraftReport, key: number, change: (group: DraftGroup) => DraftGroup): DraftReport {
  return { ...report, groups: report.groups.map((group) => (group.key === key ? change(group) : group)) };
}

/** A new group starts with the type's first attribute; more are added to it one by one. */
export function addGroup(report: DraftReport): DraftReport {
  const first = report.attributes[0];
  if (!first) return report;
  const key = Math.max(0, ...report.groups.map((group) => group.key)) + 1;
  return { ...report, groups: [...report.groups, { key, criteria: [{ attributeId: first.Id, value: '' }] }] };
}

export function removeGroup(report: DraftReport, key: number): DraftReport {
  return { ...report, groups: report.groups.filter((group) => group.key !== key) };
}

export function addAttribute(report: DraftReport, key: number, attributeId: number): DraftReport {
  return withGroup(report, key, (group) =>
    group.criteria.some((criterion) => criterion.attributeId === attributeId)
      ? group
      : { ...group, criteria: [...group.criteria, { attributeId, value: '' }] },
  );
}

/** A group keeps at least one field: removing the last one is deleting the group. */
export function removeAttribute(report: DraftReport, key: number, attributeId: number): DraftReport {
  return withGroup(report, key, (group) =>
    group.criteria.length <= 1
      ? group
      : { ...group, criteria: group.criteria.filter((criterion) => criterion.attributeId !== attributeId) },
  );
}

export function setValue(report: DraftReport, key: number, attributeId: number, value: string): DraftReport {
  return withGroup(report, key, (group) => ({
    ...group,
    criteria: group.criteria.map((criterion) => (criterion.attributeId === attributeId ? { ...criterion, value } : criterion)),
  }));
}
