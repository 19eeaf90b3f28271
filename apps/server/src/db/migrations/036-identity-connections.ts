/**
 * Sign-in through a client's own identity provider. `identity_connections` holds one provider
 * of one client: how to reach it (an OpenID Connect issuer, the portal's client id and its secret,
 * sealed; or a SAML identity provider's entity id, sign-on address and signing certificate), which claims say who the person is, which groups give which role, and the roles that
 * must sign in through it. `identity_domains` gives each e-mail domain to one connection, and so
 * to one client. `user_identities` links a person to the provider's subject once, for good.
 * `federated_sign_ins` keeps a sign-in between leaving for the provider and coming back: its state
 * (hashed), PKCE verifier and nonce, used once. A session a provider opened names its connection,
 * so that signing out can end the provider's session too.
 */
export const statements = [
  `CREATE TABLE identity_connections (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    kind text NOT NULL CHECK (kind IN ('oidc', 'saml')),
    name text NOT NULL,
    issuer text NOT NULL,
    client_key text NOT NULL,
    sealed_secret text NOT NULL,
    scopes text NOT NULL,
    claims jsonb NOT NULL,
    role_mappings jsonb NOT NULL DEFAULT '[]',
    default_role text,
    experience_id integer NOT NULL REFERENCES experiences(id),
    enforced_roles text[] NOT NULL DEFAULT '{}',
    trust_provider_mfa boolean NOT NULL DEFAULT false,
    saml_sso_url text,
    saml_certificate text,
    saml_logout_url text,
    CHECK (kind <> 'saml' OR (saml_sso_url IS NOT NULL AND saml_certificate IS NOT NULL)),
    enabled boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX identity_connections_client_idx ON identity_connections (client_id)`,
  `CREATE TABLE identity_domains (
    domain text PRIMARY KEY CHECK (domain = lower(domain)),
    connection_id integer NOT NULL REFERENCES identity_connections(id) ON DELETE CASCADE
  )`,
  `CREATE INDEX identity_domains_connection_idx ON identity_domains (connection_id)`,
  `CREATE TABLE user_identities (
    connection_id integer NOT NULL REFERENCES identity_connections(id) ON DELETE CASCADE,
    subject text NOT NULL,
    user_id integer NOT NULL REFERENCES users(id),
    linked_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (connection_id, subject),
    UNIQUE (connection_id, user_id)
  )`,
  `CREATE TABLE federated_sign_ins (
    state_hash text PRIMARY KEY,
    connection_id integer NOT NULL REFERENCES identity_connections(id) ON DELETE CASCADE,
    code_verifier text NOT NULL,
    nonce text NOT NULL,
    language text NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  `ALTER TABLE sessions ADD COLUMN identity_connection_id integer REFERENCES identity_connections(id) ON DELETE SET NULL`,
  // What a SAML provider's single logout names: the person's NameID there, and its session.
  `ALTER TABLE sessions ADD COLUMN identity_name_id text`,
  `ALTER TABLE sessions ADD COLUMN identity_name_id_format text`,
  `ALTER TABLE sessions ADD COLUMN identity_session_index text`,
];
