/**
 * Documents arrive from clients' back offices: API keys scoped to a client (and maybe to some
 * of its types), documents named by the client's own id with a content hash and a version,
 * retention per type, and each person's choice of a new-document digest.
 */
export const statements = [
  `CREATE TABLE api_keys (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    name text NOT NULL,
    key_prefix text NOT NULL,
    key_hash text NOT NULL UNIQUE,
    report_ids integer[],
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by integer REFERENCES users(id),
    last_used_at timestamptz,
    revoked_at timestamptz,
    revoked_by integer REFERENCES users(id)
  )`,
  `CREATE INDEX api_keys_client_idx ON api_keys (client_id, created_at DESC)`,

  `ALTER TABLE documents ADD COLUMN external_id text`,
  `ALTER TABLE documents ADD COLUMN content_hash text`,
  `ALTER TABLE documents ADD COLUMN version integer NOT NULL DEFAULT 1`,
  `ALTER TABLE documents ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE UNIQUE INDEX documents_external_id_key ON documents (report_id, external_id)`,
  // The digest counts what arrived since a moment; retention walks (report_id, document_date).
  `CREATE INDEX documents_created_at_idx ON documents (created_at, report_id)`,
  `CREATE INDEX documents_file_key_idx ON documents (file_key)`,

  // A document deleted at its source takes its viewed marks with it.
  `ALTER TABLE document_views DROP CONSTRAINT document_views_document_id_fkey`,
  `ALTER TABLE document_views ADD CONSTRAINT document_views_document_id_fkey
    FOREIGN KEY (document_id) REFERENCES documents(id) ON DELETE CASCADE`,
  `CREATE INDEX document_views_document_idx ON document_views (document_id)`,

  `ALTER TABLE report_definitions ADD COLUMN retention_days integer CHECK (retention_days > 0)`,

  `ALTER TABLE users ADD COLUMN digest_frequency text NOT NULL DEFAULT 'never' CHECK (digest_frequency IN ('never', 'daily', 'weekly'))`,
  `ALTER TABLE users ADD COLUMN digest_since timestamptz`,
  `CREATE INDEX users_digest_idx ON users (digest_frequency, digest_since) WHERE digest_frequency <> 'never' AND deleted_at IS NULL`,

  // Secrets the instances share (the key that signs unsubscribe links), made once by the first to need them.
  `CREATE TABLE server_secrets (
    name text PRIMARY KEY,
    secret text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];
