/**
 * Passkeys a person adds as a second step: the credential's id and public key (a COSE key),
 * the signature counter its authenticator last reported, and the name the person gave it.
 * A challenge given to a browser is kept per session and purpose until it is answered once or
 * expires, so that several instances share it and an answer cannot be replayed.
 */
export const statements = [
  `ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check`,
  `ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN ('mfa', 'contact', 'registration', 'passkey'))`,
  `CREATE TABLE passkeys (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    public_id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    user_id integer NOT NULL REFERENCES users(id),
    credential_id text NOT NULL UNIQUE,
    public_key bytea NOT NULL,
    counter bigint NOT NULL DEFAULT 0,
    transports text[] NOT NULL DEFAULT '{}',
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
  )`,
  `CREATE INDEX passkeys_user_idx ON passkeys (user_id)`,
  `CREATE TABLE passkey_challenges (
    session_hash text NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    challenge text NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (session_hash, purpose)
  )`,
];
