import { z } from '../zod.js';
import { idFromText, integer } from './builders.js';

/**
 * SCIM 2.0 (RFC 7643, RFC 7644) provisioning of a client's people by its identity provider, with
 * the bearer token of one of the client's identity provider connections: the accounts it makes
 * get the connection's default role and experience. Only the core User attributes the portal
 * keeps are read; others are ignored, as RFC 7643 allows for attributes a service does not support.
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProvider: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
} as const;

/** Refusals of SCIM calls (their `scimType` is RFC 7644's). */
export const SCIM_ERROR_KEYS = {
  /** No provisioning token, or one revoked, replaced, or of a connection turned off. */
  tokenInvalid: 'errors.scim.tokenInvalid',
  /** A filter other than `userName eq "…"`, `displayName eq "…"` or `externalId eq "…"`. */
  invalidFilter: 'errors.scim.invalidFilter',
  /** A value the portal cannot keep: no e-mail address, an unknown PATCH path or operation. */
  invalidValue: 'errors.scim.invalidValue',
  /** The connection gives no default role: the provider may not make accounts through it. */
  noDefaultRole: 'errors.scim.noDefaultRole',
  /** Another account has this userName, or another group this displayName. */
  uniqueness: 'errors.scim.uniqueness',
} as const;

/** Where SCIM calls are answered, below the portal's public address. */
export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_PAGE_MAX = 200;

/** A boolean as identity providers send it: Entra ID sends "True" and "False" as text in PATCH. */
const scimBoolean = () =>
  z.pipe(
    z.union([z.boolean(), z.string()]),
    z.transform((value) => (typeof value === 'boolean' ? value : value.toLowerCase() === 'true')),
  );

const text = (max: number) => z.string().check(z.maxLength(max));

export const ScimEmailSchema = z.object({
  value: text(254),
  type: z.optional(text(50)),
  primary: z.optional(scimBoolean()),
});

export const ScimNameSchema = z.object({
  givenName: z.optional(text(100)),
  familyName: z.optional(text(100)),
  formatted: z.optional(text(300)),
});

/** A User as a provider sends it (POST, PUT). */
export const ScimUserInputSchema = z.object({
  schemas: z.optional(z.array(text(200))),
  userName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  externalId: z.optional(text(200)),
  name: z.optional(ScimNameSchema),
  displayName: z.optional(text(300)),
  emails: z.optional(z.array(ScimEmailSchema).check(z.maxLength(10))),
  active: z.optional(scimBoolean()),
  preferredLanguage: z.optional(text(35)),
  locale: z.optional(text(35)),
});
export type ScimUserInput = z.infer<typeof ScimUserInputSchema>;

/** A User as the portal answers it. */
export const ScimUserSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.optional(z.string()),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  active: z.boolean(),
  preferredLanguage: z.string(),
  meta: z.object({ resourceType: z.literal('User'), created: z.string(), lastModified: z.string(), location: z.string() }),
});
export type ScimUser = z.infer<typeof ScimUserSchema>;

export const ScimListQuerySchema = z.object({
  filter: z.optional(text(500)),
  startIndex: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000))),
  count: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(SCIM_PAGE_MAX))),
});

export const ScimListResponseSchema = z.object({
  schemas: z.array(z.string()),
  totalResults: integer(),
  startIndex: integer(),
  itemsPerPage: integer(),
  Resources: z.array(ScimUserSchema),
});

export const ScimPatchSchema = z.object({
  schemas: z.optional(z.array(text(200))),
  Operations: z
    .array(
      z.object({
        op: z.string().check(z.maxLength(10)),
        path: z.optional(text(200)),
        value: z.optional(z.unknown()),
      }),
    )
    .check(z.minLength(1), z.maxLength(50)),
});
export type ScimPatch = z.infer<typeof ScimPatchSchema>;

export const ScimUserParamsSchema = z.object({ id: idFromText() });

/** A Group as a provider sends it: its name is what the connection's role mappings read. */
export const ScimGroupInputSchema = z.object({
  schemas: z.optional(z.array(text(200))),
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  externalId: z.optional(text(200)),
  members: z.optional(z.array(z.object({ value: text(50), display: z.optional(text(300)) })).check(z.maxLength(1000))),
});
export type ScimGroupInput = z.infer<typeof ScimGroupInputSchema>;

export const ScimGroupSchema = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.optional(z.string()),
  displayName: z.string(),
  members: z.array(z.object({ value: z.string(), display: z.string() })),
  meta: z.object({ resourceType: z.literal('Group'), created: z.string(), lastModified: z.string(), location: z.string() }),
});
export type ScimGroup = z.infer<typeof ScimGroupSchema>;

export const ScimGroupListResponseSchema = z.object({
  schemas: z.array(z.string()),
  totalResults: integer(),
  startIndex: integer(),
  itemsPerPage: integer(),
  Resources: z.array(ScimGroupSchema),
});

/** A refusal as RFC 7644 §3.12 writes it. */
export const ScimErrorSchema = z.object({
  schemas: z.array(z.string()),
  status: z.string(),
  scimType: z.optional(z.string()),
  detail: z.string(),
});

export const ScimServiceProviderConfigSchema = z.object({
  schemas: z.array(z.string()),
  patch: z.object({ supported: z.boolean() }),
  bulk: z.object({ supported: z.boolean(), maxOperations: integer(), maxPayloadSize: integer() }),
  filter: z.object({ supported: z.boolean(), maxResults: integer() }),
  changePassword: z.object({ supported: z.boolean() }),
  sort: z.object({ supported: z.boolean() }),
  etag: z.object({ supported: z.boolean() }),
  authenticationSchemes: z.array(z.object({ type: z.string(), name: z.string(), description: z.string() })),
});

/** The provisioning token of a connection, shown once when it is made. */
export const ScimTokenResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ token: z.string(), baseUrl: z.string() }),
});
