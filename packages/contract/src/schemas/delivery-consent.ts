import { z } from '../zod.js';
import { idFromText, integer, requiredText } from './builders.js';

/**
 * Consent to electronic delivery. A client may publish versioned disclosures (what a person needs
 * to open the documents, how to withdraw, how to ask for paper, and the types they cover); a
 * client that published none asks nothing, and everything works as the specification says. Where
 * one is in force, a person of role USER sees the documents of a covered type once it consented to
 * that version, after showing it can open the portal's PDFs: it opens a sample document and types
 * the code printed in it. Withdrawing asks for paper; the documents stay readable.
 */

export const DISCLOSURE_TEXT_MAX_LENGTH = 4000;
export const CONSENT_WAYS = ['registration', 'sign-in', 'settings'] as const;
export const CONSENT_STATES = ['notRequired', 'pending', 'consented', 'withdrawn'] as const;

export const DISCLOSURE_ERROR_KEYS = {
  textRequired: 'validation.disclosureTextRequired',
  textTooLong: 'validation.disclosureTextTooLong',
  typesRequired: 'validation.disclosureTypesRequired',
  typeUnknown: 'validation.disclosureTypeUnknown',
} as const;

const TypeSchema = z.object({ code: z.string(), titleEn: z.string(), titleFr: z.string() });

export const DisclosureSchema = z.object({
  version: integer(),
  publishedAt: z.string(),
  types: z.array(TypeSchema),
  requirementsEn: z.string(),
  requirementsFr: z.string(),
  withdrawalEn: z.string(),
  withdrawalFr: z.string(),
  paperEn: z.string(),
  paperFr: z.string(),
  /** SHA-256 of what a person agrees to; each consent keeps it. */
  contentHash: z.string(),
});
export type Disclosure = z.infer<typeof DisclosureSchema>;

// ---- GET /api/consent, POST /api/consent, POST /api/consent/withdraw ----

export const ConsentStateSchema = z.object({
  /** notRequired: no disclosure in force for the person; pending: it must consent to see the covered types. */
  state: z.enum(CONSENT_STATES),
  disclosure: z.nullable(DisclosureSchema),
  /** When the person consented to the version in force. */
  consentedAt: z.nullable(z.string()),
  /** Since when the person asked for paper. */
  paperSince: z.nullable(z.string()),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;
export const ConsentStateResponseSchema = z.object({ success: z.literal(true), data: ConsentStateSchema });

export const GiveConsentRequestSchema = z.object({
  /** The version the person read: a newer one published meanwhile answers 409. */
  version: integer(),
  /** The code printed in the person's sample document. */
  code: requiredText(20, { required: 'errors.consentCodeWrong', tooLong: 'errors.consentCodeWrong' }),
  /** Where the person consented; sign-in when left out. */
  how: z.optional(z.enum(CONSENT_WAYS)),
});
export type GiveConsentRequest = z.infer<typeof GiveConsentRequestSchema>;

// ---- /api/console/clients/:clientId/disclosures ----

const text = () =>
  requiredText(DISCLOSURE_TEXT_MAX_LENGTH, { required: DISCLOSURE_ERROR_KEYS.textRequired, tooLong: DISCLOSURE_ERROR_KEYS.textTooLong });

export const PublishDisclosureRequestSchema = z.object({
  /** The codes of the client's types it covers. */
  typeCodes: z
    .array(z.string({ error: DISCLOSURE_ERROR_KEYS.typeUnknown }))
    .check(z.minLength(1, DISCLOSURE_ERROR_KEYS.typesRequired), z.maxLength(100, DISCLOSURE_ERROR_KEYS.typeUnknown)),
  requirementsEn: text(),
  requirementsFr: text(),
  withdrawalEn: text(),
  withdrawalFr: text(),
  paperEn: text(),
  paperFr: text(),
});
export type PublishDisclosureRequest = z.infer<typeof PublishDisclosureRequestSchema>;

export const DisclosureClientParamsSchema = z.object({ clientId: idFromText() });
export const DisclosureVersionsResponseSchema = z.object({ success: z.literal(true), data: z.array(DisclosureSchema) });
export const DisclosureResponseSchema = z.object({ success: z.literal(true), data: DisclosureSchema });

// ---- The paper queue: /api/v1/paper-queue (a client's back office), /api/console/clients/:clientId/paper-queue ----

export const PAPER_REASONS = ['withdrawn', 'unopened', 'bounce'] as const;
export const PAPER_QUEUE_PAGE_MAX = 500;

export const PaperQueueQuerySchema = z.object({
  page: z.optional(idFromText()),
  perPage: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PAPER_QUEUE_PAGE_MAX))),
});

/** One document to print and mail to one person, with why. */
export const PaperQueueEntrySchema = z.object({
  id: integer(),
  reason: z.enum(PAPER_REASONS),
  queuedAt: z.string(),
  documentType: z.string(),
  /** The client's own id for the document; null for documents not sent through the API. */
  externalId: z.nullable(z.string()),
  documentDate: z.string(),
  /** The document's attribute values, by which the back office finds the account and its address. */
  attributes: z.record(z.string(), z.string()),
  recipient: z.object({ username: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), language: z.string() }),
});
export const PaperQueueResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ entries: z.array(PaperQueueEntrySchema), total: integer(), page: integer(), perPage: integer() }),
});

export const AcknowledgePaperRequestSchema = z.object({
  ids: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(PAPER_QUEUE_PAGE_MAX)),
});
export const AcknowledgePaperResponseSchema = z.object({ success: z.literal(true), data: z.object({ acknowledged: integer() }) });

export const PaperQueueCountsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ code: z.string(), titleEn: z.string(), titleFr: z.string(), reason: z.enum(PAPER_REASONS), count: integer() })),
});
export const PaperQueueExportQuerySchema = z.object({ lang: z.optional(z.enum(['en', 'fr'])) });

// ---- POST /api/v1/notices/bounces ----

/** A bounce a mail provider reports after having accepted a notice: the address, and what it said. */
export const ReportBounceRequestSchema = z.object({
  email: requiredText(254, { required: 'validation.required', tooLong: 'validation.emailInvalidFormat' }),
  reason: z.optional(z.string().check(z.maxLength(500))),
});
export const ReportBounceResponseSchema = z.object({ success: z.literal(true), data: z.object({ toPaper: integer() }) });
