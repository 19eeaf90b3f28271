import { z } from '../zod.js';
import { idFromText, integer, requiredText } from './builders.js';

/**
 * Legal holds: what a client must keep whatever its retention says, until the hold is released.
 * A hold names a customer (attribute values each of the customer's documents carries, in any of
 * the client's types), a document type, or one document (its type and the client's own id for
 * it). A held document is never deleted by retention, and the ingestion API refuses to delete or
 * replace it (409 `errors.documentUnderLegalHold`).
 *
 * Who may place and release holds: a client's administrators and staff for their own client,
 * super users for any (the userManagement menu, not customer service).
 */

export const LEGAL_HOLD_REASON_MAX_LENGTH = 500;
/** A customer is named by at most this many attribute values, every one of which its documents carry. */
export const LEGAL_HOLD_VALUES_MAX = 5;
export const LEGAL_HOLD_VALUE_MAX_LENGTH = 200;

export const LEGAL_HOLD_SUBJECTS = ['customer', 'type', 'document'] as const;
export type LegalHoldSubject = (typeof LEGAL_HOLD_SUBJECTS)[number];

export const LEGAL_HOLD_ERROR_KEYS = {
  reasonRequired: 'validation.legalHoldReasonRequired',
  reasonTooLong: 'validation.legalHoldReasonTooLong',
  /** The type named is not one of the client's. */
  typeUnknown: 'validation.legalHoldTypeUnknown',
  /** No document of that type has that id. */
  documentUnknown: 'validation.legalHoldDocumentUnknown',
  externalIdRequired: 'validation.legalHoldExternalIdRequired',
  /** A customer needs at least one attribute value, each with its attribute named. */
  valuesRequired: 'validation.legalHoldValuesRequired',
  /** No type of the client has an attribute of that name. */
  attributeUnknown: 'validation.legalHoldAttributeUnknown',
  valueTooLong: 'validation.legalHoldValueTooLong',
} as const;

const reason = () =>
  requiredText(LEGAL_HOLD_REASON_MAX_LENGTH, {
    required: LEGAL_HOLD_ERROR_KEYS.reasonRequired,
    tooLong: LEGAL_HOLD_ERROR_KEYS.reasonTooLong,
  });

/** One attribute value a customer's documents carry. */
export const LegalHoldValueSchema = z.object({
  attribute: requiredText(64, { required: LEGAL_HOLD_ERROR_KEYS.valuesRequired, tooLong: LEGAL_HOLD_ERROR_KEYS.attributeUnknown }),
  value: requiredText(LEGAL_HOLD_VALUE_MAX_LENGTH, {
    required: LEGAL_HOLD_ERROR_KEYS.valuesRequired,
    tooLong: LEGAL_HOLD_ERROR_KEYS.valueTooLong,
  }),
});
export type LegalHoldValue = z.infer<typeof LegalHoldValueSchema>;

const typeCode = () =>
  z
    .string({ error: LEGAL_HOLD_ERROR_KEYS.typeUnknown })
    .check(z.trim(), z.minLength(1, LEGAL_HOLD_ERROR_KEYS.typeUnknown), z.maxLength(64, LEGAL_HOLD_ERROR_KEYS.typeUnknown));

/** A type as holds name it: its code, titled in both languages. */
export const LegalHoldTypeSchema = z.object({ code: z.string(), titleEn: z.string(), titleFr: z.string() });

export const LegalHoldSchema = z.object({
  id: integer(),
  clientId: integer(),
  clientCode: z.string(),
  subject: z.enum(LEGAL_HOLD_SUBJECTS),
  /** The held type, or the held document's; null for a customer. */
  type: z.nullable(LegalHoldTypeSchema),
  /** The held document's id as the client's back office names it; null unless the subject is a document. */
  externalId: z.nullable(z.string()),
  /** The customer's attribute values; null unless the subject is a customer. */
  values: z.nullable(z.array(z.object({ attribute: z.string(), value: z.string() }))),
  reason: z.string(),
  placedAt: z.string(),
  placedBy: z.nullable(z.string()),
  releasedAt: z.nullable(z.string()),
  releasedBy: z.nullable(z.string()),
  releaseReason: z.nullable(z.string()),
});
export type LegalHold = z.infer<typeof LegalHoldSchema>;

// ---- GET /api/legal-holds/options ----

/** The clients the caller may place holds for, each with its types and the attributes that name customers. */
export const LegalHoldClientOptionSchema = z.object({
  id: integer(),
  code: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  types: z.array(LegalHoldTypeSchema),
  attributes: z.array(z.object({ name: z.string(), labelEn: z.string(), labelFr: z.string() })),
});
export type LegalHoldClientOption = z.infer<typeof LegalHoldClientOptionSchema>;
export const LegalHoldOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ clients: z.array(LegalHoldClientOptionSchema) }),
});

// ---- GET /api/legal-holds ----

/** Without a client, every hold the caller may see; `inForce`: only those not released. */
export const LegalHoldListQuerySchema = z.object({
  clientId: z.optional(idFromText()),
  inForce: z.optional(z.enum(['true', 'false'])),
});
export const LegalHoldListResponseSchema = z.object({ success: z.literal(true), data: z.array(LegalHoldSchema) });

// ---- POST /api/legal-holds ----

const clientId = () => z.optional(z.number({ error: 'validation.required' }).check(z.int(), z.positive()));

export const PlaceLegalHoldRequestSchema = z.discriminatedUnion('subject', [
  z.object({
    subject: z.literal('customer'),
    clientId: clientId(),
    values: z
      .array(LegalHoldValueSchema)
      .check(
        z.minLength(1, LEGAL_HOLD_ERROR_KEYS.valuesRequired),
        z.maxLength(LEGAL_HOLD_VALUES_MAX, LEGAL_HOLD_ERROR_KEYS.valuesRequired),
      ),
    reason: reason(),
  }),
  z.object({ subject: z.literal('type'), clientId: clientId(), typeCode: typeCode(), reason: reason() }),
  z.object({
    subject: z.literal('document'),
    clientId: clientId(),
    typeCode: typeCode(),
    externalId: requiredText(200, { required: LEGAL_HOLD_ERROR_KEYS.externalIdRequired, tooLong: LEGAL_HOLD_ERROR_KEYS.documentUnknown }),
    reason: reason(),
  }),
]);
export type PlaceLegalHoldRequest = z.infer<typeof PlaceLegalHoldRequestSchema>;
export const LegalHoldResponseSchema = z.object({ success: z.literal(true), data: LegalHoldSchema });

// ---- POST /api/legal-holds/:id/release ----

export const LegalHoldIdParamsSchema = z.object({ id: idFromText() });
/** Releasing a released hold changes nothing and answers the hold as it is. */
export const ReleaseLegalHoldRequestSchema = z.object({ reason: reason() });
