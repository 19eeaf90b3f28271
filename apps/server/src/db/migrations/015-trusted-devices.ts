/**
 * Devices a person chose to trust at the code step: only the hash of the device's token is kept,
 * with what the device looked like when trusted (its browser family, the networks it used) and
 * the account's security stamp then, so that a later change of password or second step voids it.
 * A client may turn the feature off.
 */
export const statements = [
  `ALTER TABLE clients ADD COLUMN trusted_devices_allowed boolean NOT NULL DEFAULT true`,
  `CREATE TABLE trusted_devices (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    public_id uuid NOT NULL DEFAULT gen_random_uuid(),
    user_id integer NOT NULL REFERENCES users(id),
    token_hash text NOT NULL UNIQUE,
    security_stamp text NOT NULL,
    browser_family text NOT NULL,
    networks text[] NOT NULL,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX trusted_devices_user_idx ON trusted_devices (user_id)`,
];
