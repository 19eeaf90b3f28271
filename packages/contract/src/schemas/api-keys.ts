import { z } from '../zod.js';
import { idFromText, integer, requiredText } from './builders.js';

/**
 * Client API keys: what a client's back office presents (`Authorization: Bearer cpk_…`) on the
 * versioned routes under /api/v1, and the calls that manage them (the apiKeys menu).
 *
 * Who may manage them: SUPER_USER, for any client; INTERNAL, for its own client only (another
 * client's id answers 403 `errors.forbidden`, another client's key 404 `errors.apiKeyNotFound`).
 * The full key is in the creation answer alone; the server keeps only its hash and first characters.
 */

export const API_KEY_NAME_MAX_LENGTH = 100;
/** A key reaches every type of its client, or at most this many named ones. */
export const API_KEY_TYPES_MAX = 100;

export const API_KEY_ERROR_KEYS = {
  nameRequired: 'validation.apiKeyNameRequired',
  nameTooLong: 'validation.apiKeyNameTooLong',
  /** A named type is not one of the chosen client's. */
  typesInvalid: 'validation.apiKeyTypesInvalid',
  /** An explicit list must name at least one type; `null` means every type. */
  typesEmpty: 'validation.apiKeyTypesEmpty',
} as const;

const ClientIdSchema = z.number({ error: 'validation.required' }).check(z.int(), z.positive());
const TypeCodeSchema = z
  .string({ error: API_KEY_ERROR_KEYS.typesInvalid })
  .check(z.trim(), z.minLength(1, API_KEY_ERROR_KEYS.typesInvalid));

/** A document type as keys name it: its code, titled in both languages. */
export const ApiKeyTypeSchema = z.object({ code: z.string(), titleEn: z.string(), titleFr: z.string() });
export type ApiKeyType = z.infer<typeof ApiKeyTypeSchema>;

/** A key as lists show it: never the key itself, only its first characters. */
export const ApiKeySummarySchema = z.object({
  id: integer(),
  clientId: integer(),
  clientCode: z.string(),
  name: z.string(),
  /** The first 12 characters of the key, enough to tell keys apart. */
  prefix: z.string(),
  /** The types the key may send documents of; null: every type of its client, including later ones. */
  types: z.nullable(z.array(ApiKeyTypeSchema)),
  createdAt: z.string(),
  /** Who created it, or null when it was made otherwise (seed, import). */
  createdBy: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  revokedBy: z.nullable(z.string()),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

// ---- GET /api/apikeys/options ----

/** The clients the caller may make keys for, with each one's document types. */
export const ApiKeyClientOptionSchema = z.object({
  id: integer(),
  code: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  types: z.array(ApiKeyTypeSchema),
});
export type ApiKeyClientOption = z.infer<typeof ApiKeyClientOptionSchema>;
export const ApiKeyOptionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ clients: z.array(ApiKeyClientOptionSchema) }),
});

// ---- GET /api/apikeys ----

/** Without a client, every key the caller may see (INTERNAL: its own client's). */
export const ApiKeyListQuerySchema = z.object({ clientId: z.optional(idFromText()) });
export const ApiKeyListResponseSchema = z.object({ success: z.literal(true), data: z.array(ApiKeySummarySchema) });

// ---- POST /api/apikeys ----

export const CreateApiKeyRequestSchema = z.object({
  /** Omitted: the caller's own client. */
  clientId: z.optional(ClientIdSchema),
  name: requiredText(API_KEY_NAME_MAX_LENGTH, { required: API_KEY_ERROR_KEYS.nameRequired, tooLong: API_KEY_ERROR_KEYS.nameTooLong }),
  /** Type codes of that client; null or omitted: every type, including types added later. */
  types: z.optional(
    z.nullable(
      z
        .array(TypeCodeSchema)
        .check(z.minLength(1, API_KEY_ERROR_KEYS.typesEmpty), z.maxLength(API_KEY_TYPES_MAX, API_KEY_ERROR_KEYS.typesInvalid)),
    ),
  ),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;
export type CreateApiKeyForm = z.input<typeof CreateApiKeyRequestSchema>;

/** The one answer that carries the key in full: it is never shown again. */
export const CreateApiKeyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ key: ApiKeySummarySchema, secret: z.string() }),
});

// ---- POST /api/apikeys/:id/revoke ----

export const ApiKeyIdParamsSchema = z.object({ id: idFromText() });
/** The key as revoked; revoking a revoked key changes nothing and answers the same. */
export const RevokeApiKeyResponseSchema = z.object({ success: z.literal(true), data: ApiKeySummarySchema });

// ---- GET /api/v1/key ----

/** What a back office can check its key with before sending anything: whose it is and what it reaches. */
export const ApiKeyIdentityResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    name: z.string(),
    clientCode: z.string(),
    /** The type codes the key may write; null: every type of its client. */
    types: z.nullable(z.array(z.string())),
  }),
});
