import { z } from '../zod.js';
import { isCalendarDate } from './usage-reports.js';

/**
 * The tenant console's audit log viewer (#/console/audit, menu tenantConsole): who changed what,
 * when, before and after. SUPER_USER reads every client's entries (or one client's); INTERNAL
 * reads only the entries of its own client, and naming another client is refused with 403.
 *
 * GET /api/console/audit/export takes the same filters and answers a CSV file (UTF-8 with a byte
 * order mark), or JSON `{ success: false, error, msg }` with a 4xx when the request is refused.
 */

/** Every kind of change the audit log records, as stored in `audit_log.action`. */
export const AUDIT_ACTIONS = [
  'createUser',
  'updateUser',
  'resetPassword',
  'endSessions',
  'softDeleteUser',
  'saveReportAccess',
  'createApiKey',
  'revokeApiKey',
  'apiKeyDenied',
  'retentionChanged',
  'retentionDeleted',
  'updateClient',
  'updateExperience',
  'updateDocumentType',
  'updateAttribute',
  'createFaq',
  'updateFaq',
  'deleteFaq',
  'reorderFaqs',
  'createRepositoryDocument',
  'updateRepositoryDocument',
  'deleteRepositoryDocument',
  'reorderRepositoryDocuments',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

/** The dates of one search are at most this many days apart. */
export const AUDIT_RANGE_MAX_DAYS = 366;
/** At most this many entries on one page. */
export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_SIZE_DEFAULT = 25;
export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;
/** An export stops after this many entries; narrower filters reach the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
/** The longest text the "who" and "target" filters take. */
export const AUDIT_FILTER_TEXT_MAX_LENGTH = 100;

export const CONSOLE_AUDIT_ERROR_KEYS = {
  actionInvalid: 'validation.auditActionInvalid',
  dateInvalid: 'validation.auditDateInvalid',
  /** The two days are more than AUDIT_RANGE_MAX_DAYS apart. */
  rangeTooLong: 'validation.auditRangeTooLong',
  filterTooLong: 'validation.auditFilterTooLong',
  pageInvalid: 'validation.auditPageInvalid',
  perPageInvalid: 'validation.auditPerPageInvalid',
  clientInvalid: 'validation.auditClientInvalid',
  sortInvalid: 'validation.auditSortInvalid',
  timeZoneOffsetInvalid: 'validation.timeZoneOffsetInvalid',
} as const;

/** getTimezoneOffset() of the farthest time zones: UTC+14 gives -840, UTC-12 gives 720. */
const TIME_ZONE_OFFSET_LIMIT = 840;

const filterText = z
  .string({ error: CONSOLE_AUDIT_ERROR_KEYS.filterTooLong })
  .trim()
  .max(AUDIT_FILTER_TEXT_MAX_LENGTH, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong)
  .optional()
  .transform((value) => value || undefined);

const dayText = z
  .string({ error: CONSOLE_AUDIT_ERROR_KEYS.dateInvalid })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), CONSOLE_AUDIT_ERROR_KEYS.dateInvalid)
  .optional()
  .transform((value) => value || undefined);

/** A whole number from a query string (or a number, from the web's typed calls). */
const wholeNumber = (key: string) => z.coerce.number({ error: key }).int(key);

/**
 * The filters of the list and of the export.
 * - clientId: one client's entries (SUPER_USER: any client; INTERNAL: its own only); absent, every
 *   entry the caller may read.
 * - actor: part of the username, first or last name of whoever acted (case-insensitive).
 * - action: one kind of change (AUDIT_ACTIONS).
 * - target: part of the username or name of the person changed, or of a value in the before or
 *   after snapshot (a key name, a type code).
 * - dateFrom, dateTo: days (YYYY-MM-DD) in the caller's time zone, both included, at most
 *   AUDIT_RANGE_MAX_DAYS apart; given in the wrong order, they are swapped; either may be left out.
 * - timeZoneOffset: minutes as the browser's getTimezoneOffset() gives them (UTC minus local time);
 *   it places the days' boundaries. Absent: UTC.
 * - sort: newest first (default) or oldest first.
 */
export const AuditFilterSchema = z.object({
  clientId: wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.clientInvalid).positive(CONSOLE_AUDIT_ERROR_KEYS.clientInvalid).optional(),
  actor: filterText,
  action: z.enum(AUDIT_ACTIONS, { error: CONSOLE_AUDIT_ERROR_KEYS.actionInvalid }).optional(),
  target: filterText,
  dateFrom: dayText,
  dateTo: dayText,
  timeZoneOffset: wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid)
    .min(-TIME_ZONE_OFFSET_LIMIT, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid)
    .max(TIME_ZONE_OFFSET_LIMIT, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid)
    .optional()
    .transform((value) => value ?? 0),
  sort: z.enum(['newest', 'oldest'], { error: CONSOLE_AUDIT_ERROR_KEYS.sortInvalid }).optional().default('newest'),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;
export type AuditFilterInput = z.input<typeof AuditFilterSchema>;

export const AuditListQuerySchema = AuditFilterSchema.extend({
  page: wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.pageInvalid)
    .min(1, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid)
    .optional()
    .transform((value) => value ?? 1),
  perPage: wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid)
    .min(1, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid)
    .max(AUDIT_PAGE_SIZE_MAX, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid)
    .optional()
    .transform((value) => value ?? AUDIT_PAGE_SIZE_DEFAULT),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof AuditListQuerySchema>;

/** Whether two days are more than AUDIT_RANGE_MAX_DAYS apart, in either order. */
export function isAuditRangeTooLong(dateFrom: string, dateTo: string): boolean {
  const days = Math.abs(Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / 86_400_000;
  return days > AUDIT_RANGE_MAX_DAYS;
}

/** A person named in an entry; `name` is null when the account has no name on record. */
export const AuditPersonSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string().nullable() });
export type AuditPerson = z.infer<typeof AuditPersonSchema>;

export const AuditClientSchema = z.object({ id: z.number().int(), code: z.string(), nameEn: z.string(), nameFr: z.string() });
export type AuditClient = z.infer<typeof AuditClientSchema>;

/** A JSON snapshot (an object as written), with every property that could hold a secret taken out. */
const SnapshotSchema = z.unknown();

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  /** One of AUDIT_ACTIONS (older entries may carry a kind since retired). */
  action: z.string(),
  /** Null when no person acted: a client's back office with an API key. */
  actor: AuditPersonSchema.nullable(),
  /** Null when the change is not about a person. */
  target: AuditPersonSchema.nullable(),
  /** Null for changes to the portal as a whole. */
  client: AuditClientSchema.nullable(),
  before: SnapshotSchema,
  after: SnapshotSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(AuditEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  }),
});

/** The clients whose entries the caller may read, for the client filter. */
export const AuditOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ clients: z.array(AuditClientSchema) }),
});
