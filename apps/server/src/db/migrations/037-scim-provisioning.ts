/**
 * SCIM provisioning: a connection's provisioning token (its SHA-256, and its first characters to
 * recognise it), and the identifier a provider gives the people it provisions (`externalId`).
 */
export const statements = [
  `ALTER TABLE identity_connections ADD COLUMN scim_token_hash text UNIQUE`,
  `ALTER TABLE identity_connections ADD COLUMN scim_token_prefix text`,
  `ALTER TABLE identity_connections ADD COLUMN scim_token_created_at timestamptz`,
  `ALTER TABLE users ADD COLUMN scim_external_id text`,
];
