import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Which claim of the provider's ID token gives each fact of a person. */
export interface ClaimNames {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  groups: string;
}

/** A group the provider names, the role it gives, and the experience (id and code) it places its people in, if it names one. */
export interface RoleMapping {
  group: string;
  role: string;
  experience_id?: number;
  experience_code?: string;
}

/** One identity provider of one client (migration 036). */
export interface IdentityConnectionsTable {
  id: Generated<number>;
  client_id: number;
  kind: 'oidc' | 'saml';
  name: string;
  issuer: string;
  /** The portal's client id at the provider. */
  client_key: string;
  /** The client secret, sealed with the server's key (see domain/sealed-secrets). */
  sealed_secret: string;
  scopes: string;
  claims: Json<ClaimNames>;
  role_mappings: ColumnType<RoleMapping[], string | undefined, string>;
  /** The role of a person no group maps; null: such a person gets no account. */
  default_role: string | null;
  experience_id: number;
  enforced_roles: ColumnType<string[], string[] | undefined, string[]>;
  trust_provider_mfa: ColumnType<boolean, boolean | undefined, boolean>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** A SAML identity provider's single sign-on address (HTTP-Redirect binding) and signing certificate (base64 DER). */
  saml_sso_url: ColumnType<string | null, string | null | undefined, string | null>;
  saml_certificate: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its single logout address (HTTP-Redirect binding), when it offers one. */
  saml_logout_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The SHA-256 of the connection's provisioning token (SCIM), and its first characters. */
  scim_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  scim_token_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  scim_token_created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface IdentityDomainsTable {
  domain: string;
  connection_id: number;
}

export interface UserIdentitiesTable {
  connection_id: number;
  subject: string;
  user_id: number;
  linked_at: Timestamp;
}

export interface FederatedSignInsTable {
  state_hash: string;
  connection_id: number;
  code_verifier: string;
  nonce: string;
  language: string;
  expires_at: Timestamp;
}

/** A group a connection's provider provisions (SCIM); its name is what role mappings read. */
export interface ScimGroupsTable {
  id: Generated<number>;
  connection_id: number;
  display_name: string;
  external_id: string | null;
  created_at: Timestamp;
}

export interface ScimGroupMembersTable {
  group_id: number;
  user_id: number;
}
