/**
 * SCIM provisioning: a connection's provisioning token (its SHA-256, and its first characters to
 * recognise it), the identifier a provider gives the people it provisions (`externalId`), and the
 * groups it provisions with their members, whose names the connection's role mappings read.
 */
export const statements = [
  `ALTER TABLE identity_connections ADD COLUMN scim_token_hash text UNIQUE`,
  `ALTER TABLE identity_connections ADD COLUMN scim_token_prefix text`,
  `ALTER TABLE identity_connections ADD COLUMN scim_token_created_at timestamptz`,
  `ALTER TABLE users ADD COLUMN scim_external_id text`,
  `CREATE TABLE scim_groups (
    id serial PRIMARY KEY,
    connection_id integer NOT NULL REFERENCES identity_connections(id) ON DELETE CASCADE,
    display_name text NOT NULL,
    external_id text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (connection_id, display_name)
  )`,
  `CREATE TABLE scim_group_members (
    group_id integer NOT NULL REFERENCES scim_groups(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id),
    PRIMARY KEY (group_id, user_id)
  )`,
  `CREATE INDEX scim_group_members_user_idx ON scim_group_members (user_id)`,
];
