import { LOCALES, type Locale, type UsageReportType } from '@portal/contract';
import { serverText, type ServerTextKey, type ServerTextNamesIn } from '../i18n/server-texts.js';

/** The words of the usage spreadsheets (in src/i18n): a spreadsheet speaks its requester's language. */
export type UsageReportColumn = ServerTextNamesIn<'usageReports.headers'>;

export function usageReportTitle(type: UsageReportType, language: Locale): string {
  return serverText(language, `usageReports.titles.${type}`);
}

export function usageReportHeader(column: UsageReportColumn, language: Locale): string {
  return serverText(language, `usageReports.headers.${column}`);
}

/** How each connection-log reason reads; reasons not listed read as a plain success or failure. */
const RESULTS = new Map<string, ServerTextKey>([
  ['signed-in', 'usageReports.results.signedIn'],
  ['wrong-password', 'usageReports.results.wrongPassword'],
  ['wrong-code', 'usageReports.results.wrongCode'],
  ['locked-out', 'usageReports.results.lockedOut'],
  ['deleted', 'usageReports.results.noLongerHasAccess'],
]);

export function describeResult(reason: string, succeeded: boolean, language: Locale): string {
  return serverText(language, RESULTS.get(reason) ?? (succeeded ? 'usageReports.results.succeeded' : 'usageReports.results.failed'));
}

export function describeUserStatus(isDeleted: boolean, language: Locale): string {
  return serverText(language, isDeleted ? 'usageReports.statuses.deleted' : 'usageReports.statuses.active');
}

/** A contact language by its name; a code the portal does not speak reads as it is stored. */
export function describeLanguage(code: string, language: Locale): string {
  const known = LOCALES.find((locale) => locale === code);
  return known ? serverText(language, `usageReports.languages.${known}`) : code;
}

/** "UTC-05:00" for a getTimezoneOffset() of 300: the zone every time of the spreadsheet is shown in. */
export function describeTimeZone(timeZoneOffset: number): string {
  const east = -timeZoneOffset;
  const minutes = Math.abs(east);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${east < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
