import { z } from '../zod.js';
import { integer } from './builders.js';
import { isCalendarDate } from './fields.js';

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
  'startCustomerView',
  'customerViewCall',
  'endCustomerView',
  'exportEvidence',
  'placeLegalHold',
  'releaseLegalHold',
  'publishDisclosure',
  'createIdentityConnection',
  'updateIdentityConnection',
  'deleteIdentityConnection',
  'linkIdentity',
  'createUserFromProvider',
  'createProvisioningToken',
  'revokeProvisioningToken',
  'softDeleteUser',
  'saveReportAccess',
  'createApiKey',
  'revokeApiKey',
  'apiKeyDenied',
  'createWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookSecret',
  'enableWebhookEndpoint',
  'disableWebhookEndpoint',
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

const filterText = z.pipe(
  z.optional(
    z
      .string({ error: CONSOLE_AUDIT_ERROR_KEYS.filterTooLong })
      .check(z.trim(), z.maxLength(AUDIT_FILTER_TEXT_MAX_LENGTH, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong)),
  ),
  z.transform((value) => value || undefined),
);

const dayText = z.pipe(
  z.optional(
    z.string({ error: CONSOLE_AUDIT_ERROR_KEYS.dateInvalid }).check(
      z.trim(),
      z.refine((value) => value === '' || isCalendarDate(value), CONSOLE_AUDIT_ERROR_KEYS.dateInvalid),
    ),
  ),
  z.transform((value) => value || undefined),
);

/** A whole number from a query string (or a number, from the web's typed calls). */
const wholeNumber = (key: string) => z.coerce.number({ error: key }).check(z.int(key));

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
  clientId: z.optional(wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.clientInvalid).check(z.positive(CONSOLE_AUDIT_ERROR_KEYS.clientInvalid))),
  actor: filterText,
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: CONSOLE_AUDIT_ERROR_KEYS.actionInvalid })),
  target: filterText,
  dateFrom: dayText,
  dateTo: dayText,
  timeZoneOffset: z.pipe(
    z.optional(
      wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid).check(
        z.gte(-TIME_ZONE_OFFSET_LIMIT, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid),
        z.lte(TIME_ZONE_OFFSET_LIMIT, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid),
      ),
    ),
    z.transform((value) => value ?? 0),
  ),
  sort: z._default(z.optional(z.enum(['newest', 'oldest'], { error: CONSOLE_AUDIT_ERROR_KEYS.sortInvalid })), 'newest'),
});
export type AuditFilter = z.output<typeof AuditFilterSchema>;
export type AuditFilterInput = z.input<typeof AuditFilterSchema>;

export const AuditListQuerySchema = z.extend(AuditFilterSchema, {
  page: z.pipe(
    z.optional(wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.pageInvalid).check(z.gte(1, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid))),
    z.transform((value) => value ?? 1),
  ),
  perPage: z.pipe(
    z.optional(
      wholeNumber(CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid).check(
        z.gte(1, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid),
        z.lte(AUDIT_PAGE_SIZE_MAX, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid),
      ),
    ),
    z.transform((value) => value ?? AUDIT_PAGE_SIZE_DEFAULT),
  ),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof AuditListQuerySchema>;

/** Whether two days are more than AUDIT_RANGE_MAX_DAYS apart, in either order. */
export function isAuditRangeTooLong(dateFrom: string, dateTo: string): boolean {
  const days = Math.abs(Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / 86_400_000;
  return days > AUDIT_RANGE_MAX_DAYS;
}

/** A person named in an entry; `name` is null when the account has no name on record. */
export const AuditPersonSchema = z.object({ id: integer(), username: z.string(), name: z.nullable(z.string()) });
export type AuditPerson = z.infer<typeof AuditPersonSchema>;

export const AuditClientSchema = z.object({ id: integer(), code: z.string(), nameEn: z.string(), nameFr: z.string() });
export type AuditClient = z.infer<typeof AuditClientSchema>;

/** A JSON snapshot (an object as written), with every property that could hold a secret taken out. */
const SnapshotSchema = z.unknown();

export const AuditEntrySchema = z.object({
  id: integer(),
  occurredAt: z.string(),
  /** One of AUDIT_ACTIONS (older entries may carry a kind since retired). */
  action: z.string(),
  /** Null when no person acted: a client's back office with an API key. */
  actor: z.nullable(AuditPersonSchema),
  /** Null when the change is not about a person. */
  target: z.nullable(AuditPersonSchema),
  /** Null for changes to the portal as a whole. */
  client: z.nullable(AuditClientSchema),
  before: SnapshotSchema,
  after: SnapshotSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(AuditEntrySchema),
    total: integer(),
    page: integer(),
    perPage: integer(),
  }),
});

/** The clients whose entries the caller may read, for the client filter. */
export const AuditOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ clients: z.array(AuditClientSchema) }),
});
