import { z } from '../zod.js';
import {
  EMAIL_MAX_LENGTH,
  NAME_RULE_MAX_LENGTH,
  USAGE_REPORT_DEFAULT_DAYS,
  USAGE_REPORT_DEFAULT_TYPE,
  USAGE_REPORT_MAX_MONTHS,
  USAGE_REPORT_TYPES,
} from '../constants.js';
import { integer } from './builders.js';
import { CalendarDateSchema } from './fields.js';

/**
 * Usage spreadsheets: the Reports screen (/reports) and its three calls.
 *
 * Who may call them: SUPER_USER, for any client (it must pick at least one); INTERNAL, for its own
 * client only (it may leave clientIds empty, or name its own client; any other client is refused
 * with 403). Every other role gets 403 `errors.forbidden` on all three calls.
 *
 * POST /reports/generate answers an .xlsx file (attachment named like
 * `usage-connection-2026-11-01_2026-11-07.xlsx`), or JSON `{ success: false, error, msg }` with a
 * 4xx when the request is refused; `error` is a translation key (see USAGE_REPORT_ERROR_KEYS, and
 * `errors.validation` with `issues[].message` keys for malformed fields).
 */

/** The refusals specific to usage spreadsheets, sent as `error` (or as an issue's message). */
export const USAGE_REPORT_ERROR_KEYS = {
  /** A SUPER_USER sent no client. */
  clientRequired: 'validation.usageReportClientRequired',
  /** A SUPER_USER named a client that does not exist. */
  clientUnknown: 'validation.usageReportClientUnknown',
  /** The dates are more than USAGE_REPORT_MAX_MONTHS months apart. */
  rangeTooLong: 'validation.usageReportRangeTooLong',
  typeInvalid: 'validation.usageReportTypeInvalid',
  timeZoneOffsetInvalid: 'validation.timeZoneOffsetInvalid',
  emailFilterTooLong: 'validation.emailFilterTooLong',
  tooManyClients: 'validation.usageReportTooManyClients',
} as const;

/** At most this many clients in one spreadsheet. */
export const USAGE_REPORT_MAX_CLIENTS = 100;
/** getTimezoneOffset() of the farthest time zones: UTC+14 gives -840, UTC-12 gives 720. */
const TIME_ZONE_OFFSET_LIMIT = 840;

export const UsageReportTypeSchema = z.enum(USAGE_REPORT_TYPES, { error: USAGE_REPORT_ERROR_KEYS.typeInvalid });
export type UsageReportType = z.infer<typeof UsageReportTypeSchema>;

/** GET /reports/clients: the clients the caller may report on, named in the request's language, by name. */
export const ReportClientSchema = z.object({ Id: integer(), Name: z.string() });
export type ReportClient = z.infer<typeof ReportClientSchema>;
export const ReportClientsResponseSchema = z.object({ success: z.literal(true), items: z.array(ReportClientSchema) });

/**
 * GET /reports/definitions: the spreadsheet types, in the spec's order (connection, users, newUsers).
 * Id is the type code to send back as `type`; Title is in the request's language; ClientId is null
 * because every type is offered for every client.
 */
export const UsageReportDefinitionSchema = z.object({
  Id: UsageReportTypeSchema,
  Title: z.string(),
  ClientId: z.nullable(integer()),
});
export type UsageReportDefinition = z.infer<typeof UsageReportDefinitionSchema>;
export const UsageReportDefinitionsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(UsageReportDefinitionSchema),
});

const filterText = (max: number, key: string) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, key))),
    z.transform((value) => value ?? ''),
  );

/**
 * POST /reports/generate.
 * - type: connection (one row per sign-in or failed attempt of a known account), users (every account
 *   that existed during the range, with its status) or newUsers (accounts created in the range).
 * - dateFrom, dateTo: days (YYYY-MM-DD) in the requester's time zone, both included. Missing ones
 *   default to the last USAGE_REPORT_DEFAULT_DAYS days ending today; given in the wrong order, they
 *   are swapped; more than USAGE_REPORT_MAX_MONTHS months apart is refused (rangeTooLong).
 * - firstNameContains, lastNameContains, emailContains: case-insensitive parts of the person's
 *   names and e-mail; empty or absent means any.
 * - timeZoneOffset: minutes exactly as the browser's `new Date().getTimezoneOffset()` gives them,
 *   that is UTC minus local time: 300 in Montréal in winter (UTC-05:00), -60 in Paris in winter
 *   (UTC+01:00). It places the days' boundaries and shifts every time shown in the spreadsheet.
 */
export const GenerateUsageReportRequestSchema = z.object({
  clientIds: z.pipe(
    z.nullish(z.array(integer().check(z.positive())).check(z.maxLength(USAGE_REPORT_MAX_CLIENTS, USAGE_REPORT_ERROR_KEYS.tooManyClients))),
    z.transform((ids) => [...new Set(ids ?? [])]),
  ),
  dateFrom: z.nullish(CalendarDateSchema),
  dateTo: z.nullish(CalendarDateSchema),
  type: z._default(UsageReportTypeSchema, USAGE_REPORT_DEFAULT_TYPE),
  firstNameContains: filterText(NAME_RULE_MAX_LENGTH, 'validation.nameTooLong'),
  lastNameContains: filterText(NAME_RULE_MAX_LENGTH, 'validation.nameTooLong'),
  emailContains: filterText(EMAIL_MAX_LENGTH, USAGE_REPORT_ERROR_KEYS.emailFilterTooLong),
  timeZoneOffset: z._default(
    z
      .number({ error: USAGE_REPORT_ERROR_KEYS.timeZoneOffsetInvalid })
      .check(
        z.int(USAGE_REPORT_ERROR_KEYS.timeZoneOffsetInvalid),
        z.gte(-TIME_ZONE_OFFSET_LIMIT, USAGE_REPORT_ERROR_KEYS.timeZoneOffsetInvalid),
        z.lte(TIME_ZONE_OFFSET_LIMIT, USAGE_REPORT_ERROR_KEYS.timeZoneOffsetInvalid),
      ),
    0,
  ),
});
export type GenerateUsageReportRequest = z.output<typeof GenerateUsageReportRequestSchema>;

/** The day `days` after (or before) an ISO day. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day `months` later, or that month's last day when it is shorter (2026-11-30 + 3 = 2027-02-28). */
export function addMonthsToIsoDate(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** The spec's rule for the Reports screen: invalid when the two days are more than three months apart. */
export function isUsageReportRangeTooLong(dateFrom: string, dateTo: string): boolean {
  const [first, last] = dateFrom <= dateTo ? [dateFrom, dateTo] : [dateTo, dateFrom];
  return last > addMonthsToIsoDate(first, USAGE_REPORT_MAX_MONTHS);
}

/** The default range: the last USAGE_REPORT_DEFAULT_DAYS days, today included. */
export function getDefaultUsageReportRange(today: string): { dateFrom: string; dateTo: string } {
  return { dateFrom: addDaysToIsoDate(today, -(USAGE_REPORT_DEFAULT_DAYS - 1)), dateTo: today };
}
