import { z } from '../zod.js';
import { idFromText, integer, requiredText } from './builders.js';
import { allowControlCharacters } from './request-values.js';
import { ROLE_CODES } from './roles.js';
import { LoggedInUserSchema } from './session.js';

/**
 * Sign-in through a client's own identity provider (OpenID Connect). A connection belongs to one
 * client and serves the e-mail domains it names (a domain belongs to one client only); a person
 * who types an address of such a domain on the login screen signs in at the provider, and comes
 * back signed in to the portal. Who may set connections up: a client's administrators and staff
 * for their own client, super users for any (the userManagement menu, not customer service).
 */

export const IDENTITY_CONNECTION_ERROR_KEYS = {
  nameRequired: 'validation.identityNameRequired',
  nameTooLong: 'validation.identityNameTooLong',
  /** The issuer is not an https address (http is taken for this machine's own addresses only). */
  issuerInvalid: 'validation.identityIssuerInvalid',
  clientIdRequired: 'validation.identityClientIdRequired',
  /** A new connection needs its client secret; a change keeps the stored one when none is sent. */
  secretRequired: 'validation.identitySecretRequired',
  /** A domain must be a lower-case host name such as example.com. */
  domainInvalid: 'validation.identityDomainInvalid',
  domainsRequired: 'validation.identityDomainsRequired',
  /** Another connection (of this client or another) serves this domain already. */
  domainTaken: 'validation.identityDomainTaken',
  claimInvalid: 'validation.identityClaimInvalid',
  /** The experience named is not one of the client's. */
  experienceUnknown: 'validation.identityExperienceUnknown',
  /** The role is above the caller's own, or not a role of the portal. */
  roleNotAllowed: 'validation.identityRoleNotAllowed',
  /** The provider's discovery document could not be read at the issuer's address. */
  issuerUnreachable: 'validation.identityIssuerUnreachable',
  /** A SAML connection needs the identity provider's metadata: its entity id, a sign-on address and a signing certificate. */
  samlMetadataInvalid: 'validation.identitySamlMetadataInvalid',
} as const;

/** Refusals of a sign-in through a provider, shown on the login screen after coming back. */
export const FEDERATION_ERROR_KEYS = {
  /** No connection serves the domain of the address typed. */
  noConnection: 'errors.federation.noConnection',
  /** The sign-in came back without the state this browser left with, or with one used or expired. */
  stateMismatch: 'errors.federation.stateMismatch',
  /** The provider refused, or its answer did not hold (signature, audience, nonce, PKCE, time). */
  providerRefused: 'errors.federation.providerRefused',
  /** The provider's answer names no e-mail address of the connection's domains. */
  emailNotServed: 'errors.federation.emailNotServed',
  /** No account has this address and the connection creates none for this person. */
  noAccount: 'errors.federation.noAccount',
  /** The username the provider gives belongs to another account. */
  usernameTaken: 'errors.federation.usernameTaken',
  /** The person's role signs in through its organisation's provider: the password is refused. */
  useProvider: 'errors.federation.useProvider',
} as const;

export const IDENTITY_NAME_MAX_LENGTH = 100;
export const IDENTITY_DOMAINS_MAX = 20;
const CLAIM_NAME = /^[A-Za-z0-9_:.\-/]{1,100}$/;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const claim = () =>
  z.string({ error: IDENTITY_CONNECTION_ERROR_KEYS.claimInvalid }).check(z.regex(CLAIM_NAME, IDENTITY_CONNECTION_ERROR_KEYS.claimInvalid));
const role = () => z.enum(ROLE_CODES, { error: IDENTITY_CONNECTION_ERROR_KEYS.roleNotAllowed });

/** Which claim of the provider's ID token gives each fact of a person. */
export const IdentityClaimsSchema = z.object({
  username: claim(),
  email: claim(),
  firstName: claim(),
  lastName: claim(),
  language: claim(),
  groups: claim(),
});
export type IdentityClaims = z.infer<typeof IdentityClaimsSchema>;

/** What most providers send (Entra ID, Okta, Google, Keycloak). */
export const DEFAULT_IDENTITY_CLAIMS: IdentityClaims = {
  username: 'preferred_username',
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  language: 'locale',
  groups: 'groups',
};

/** A group the provider names: the role it gives, and optionally the client's experience its people belong to. */
export const RoleMappingSchema = z.object({
  group: z.string({ error: IDENTITY_CONNECTION_ERROR_KEYS.claimInvalid }).check(z.trim(), z.minLength(1), z.maxLength(200)),
  role: role(),
  experienceCode: z.optional(
    z
      .string({ error: IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown })
      .check(z.trim(), z.maxLength(50, IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown)),
  ),
});

/** A connection as one writes it; `clientSecret` may be left out of a change to keep the stored one. */
export const IdentityConnectionInputSchema = z.object({
  name: requiredText(IDENTITY_NAME_MAX_LENGTH, {
    required: IDENTITY_CONNECTION_ERROR_KEYS.nameRequired,
    tooLong: IDENTITY_CONNECTION_ERROR_KEYS.nameTooLong,
  }),
  /** OpenID Connect, or SAML 2.0. */
  kind: z._default(z.enum(['oidc', 'saml']), 'oidc'),
  /** OpenID Connect: the issuer. SAML: read from the metadata. */
  issuer: z._default(
    z
      .string({ error: IDENTITY_CONNECTION_ERROR_KEYS.issuerInvalid })
      .check(z.trim(), z.maxLength(500, IDENTITY_CONNECTION_ERROR_KEYS.issuerInvalid)),
    '',
  ),
  /** OpenID Connect: the portal's client id at the provider (required there). */
  providerClientId: z._default(
    z
      .string({ error: IDENTITY_CONNECTION_ERROR_KEYS.clientIdRequired })
      .check(z.trim(), z.maxLength(200, IDENTITY_CONNECTION_ERROR_KEYS.clientIdRequired)),
    '',
  ),
  /** SAML: the identity provider's metadata, as its file holds it (its entity id, sign-on address and signing certificate are read from it). */
  /** SAML: where the identity provider publishes its metadata (https), read when the connection is saved, when no file is given. */
  samlMetadataUrl: z.optional(z.string().check(z.trim(), z.maxLength(500, IDENTITY_CONNECTION_ERROR_KEYS.samlMetadataInvalid))),
  samlMetadata: z.optional(
    // An XML file spans lines and may be indented with tabs; it is parsed, never stored as it is.
    allowControlCharacters(z.string().check(z.maxLength(200_000, IDENTITY_CONNECTION_ERROR_KEYS.samlMetadataInvalid))),
  ),
  clientSecret: z.optional(z.string().check(z.maxLength(500, IDENTITY_CONNECTION_ERROR_KEYS.secretRequired))),
  scopes: z._default(z.string().check(z.trim(), z.maxLength(300)), 'openid email profile'),
  claims: z._default(IdentityClaimsSchema, DEFAULT_IDENTITY_CLAIMS),
  domains: z
    .array(
      z
        .string({ error: IDENTITY_CONNECTION_ERROR_KEYS.domainInvalid })
        .check(
          z.trim(),
          z.toLowerCase(),
          z.maxLength(253, IDENTITY_CONNECTION_ERROR_KEYS.domainInvalid),
          z.regex(DOMAIN, IDENTITY_CONNECTION_ERROR_KEYS.domainInvalid),
        ),
    )
    .check(
      z.minLength(1, IDENTITY_CONNECTION_ERROR_KEYS.domainsRequired),
      z.maxLength(IDENTITY_DOMAINS_MAX, IDENTITY_CONNECTION_ERROR_KEYS.domainsRequired),
    ),
  roleMappings: z._default(z.array(RoleMappingSchema).check(z.maxLength(50)), []),
  /** The role of a person no group maps; null: such a person gets no account of its own. */
  defaultRole: z.optional(z.nullable(role())),
  /** The client's experience (its code) the accounts a connection makes belong to. */
  experienceCode: z
    .string({ error: IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown })
    .check(z.trim(), z.maxLength(50, IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown)),
  /** Roles that must sign in through this provider: their password is refused. */
  enforcedRoles: z._default(z.array(role()), []),
  /** The portal's one-time code is skipped when the provider says it did multi-factor authentication. */
  trustProviderMfa: z._default(z.boolean(), false),
  enabled: z._default(z.boolean(), true),
});
export type IdentityConnectionInput = z.infer<typeof IdentityConnectionInputSchema>;

export const IdentityConnectionSchema = z.object({
  id: integer(),
  clientId: integer(),
  kind: z.enum(['oidc', 'saml']),
  name: z.string(),
  issuer: z.string(),
  providerClientId: z.string(),
  /** Never the secret itself: whether one is stored. */
  hasSecret: z.boolean(),
  scopes: z.string(),
  claims: IdentityClaimsSchema,
  domains: z.array(z.string()),
  roleMappings: z.array(z.object({ group: z.string(), role: z.enum(ROLE_CODES), experienceCode: z.nullable(z.string()) })),
  defaultRole: z.nullable(z.enum(ROLE_CODES)),
  experienceCode: z.string(),
  enforcedRoles: z.array(z.enum(ROLE_CODES)),
  trustProviderMfa: z.boolean(),
  enabled: z.boolean(),
  /** OpenID Connect: the address to register at the provider as the portal's redirect URI. */
  redirectUri: z.string(),
  /** SAML: the identity provider's sign-on address; the portal's entity id and assertion consumer address, for the provider's administrator. */
  samlSsoUrl: z.nullable(z.string()),
  serviceProviderEntityId: z.string(),
  assertionConsumerUrl: z.string(),
  updatedAt: z.string(),
});
export type IdentityConnection = z.infer<typeof IdentityConnectionSchema>;

/** A client the caller may connect, with the experiences its new accounts may belong to. */
export const IdentityClientOptionSchema = z.object({
  id: integer(),
  code: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
  experiences: z.array(z.object({ code: z.string(), nameEn: z.string(), nameFr: z.string() })),
});
export type IdentityClientOption = z.infer<typeof IdentityClientOptionSchema>;
export const IdentityConnectionOptionsResponseSchema = z.object({ success: z.literal(true), data: z.array(IdentityClientOptionSchema) });

export const IdentityConnectionParamsSchema = z.object({ clientId: idFromText(), id: idFromText() });
export const IdentityClientParamsSchema = z.object({ clientId: idFromText() });
export const IdentityConnectionListResponseSchema = z.object({ success: z.literal(true), data: z.array(IdentityConnectionSchema) });
export const IdentityConnectionResponseSchema = z.object({ success: z.literal(true), data: IdentityConnectionSchema });
export const IdentityConnectionDeletedResponseSchema = z.object({ success: z.literal(true) });

// ---- Signing in through a provider ----

export const FederatedStartRequestSchema = z.object({
  email: z.string({ error: FEDERATION_ERROR_KEYS.noConnection }).check(z.trim(), z.maxLength(254, FEDERATION_ERROR_KEYS.noConnection)),
});
export const FederatedStartResponseSchema = z.object({ success: z.literal(true), data: z.object({ redirectUrl: z.string() }) });

/** What the provider sends back; every field is optional, since a refusal answers with `error` alone. */
export const FederatedCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(4000))),
  state: z.optional(z.string().check(z.maxLength(500))),
  error: z.optional(z.string().check(z.maxLength(500))),
  error_description: z.optional(z.string().check(z.maxLength(2000))),
  iss: z.optional(z.string().check(z.maxLength(500))),
  session_state: z.optional(z.string().check(z.maxLength(500))),
});

/** What a SAML identity provider posts back (HTTP-POST binding, as a form): its signed response, and the state the portal left with. */
export const SamlResponseBodySchema = z.object({
  SAMLResponse: z.string().check(z.maxLength(1_000_000)),
  RelayState: z.optional(z.string().check(z.maxLength(500))),
});

/** The person a session that came back from a provider belongs to, as the login answer gives it. */
export const FederatedSessionResponseSchema = z.object({ success: z.literal(true), user: LoggedInUserSchema });
