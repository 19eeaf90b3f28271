/**
 * Consent to electronic delivery. A client publishes versioned disclosures (what a person needs to
 * open the documents, how to withdraw, how to ask for paper, in both languages, and the types they
 * cover); the latest is in force. Each person's consents and withdrawals are kept as written: the
 * trigger refuses every update, delete and truncate.
 *
 * On users, what every call reads without another statement: the types whose documents wait for
 * the person's consent to the version in force (hidden from its lists until then), and since when
 * the person asked for paper (a withdrawal; its documents stay readable).
 */
export const statements = [
  `CREATE TABLE delivery_disclosures (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    version integer NOT NULL,
    report_ids integer[] NOT NULL,
    requirements_en text NOT NULL,
    requirements_fr text NOT NULL,
    withdrawal_en text NOT NULL,
    withdrawal_fr text NOT NULL,
    paper_en text NOT NULL,
    paper_fr text NOT NULL,
    content_hash text NOT NULL,
    published_at timestamptz NOT NULL DEFAULT now(),
    published_by integer,
    UNIQUE (client_id, version)
  )`,
  `CREATE TABLE delivery_consents (
    id bigserial PRIMARY KEY,
    client_id integer NOT NULL,
    user_id integer NOT NULL,
    disclosure_id integer NOT NULL,
    disclosure_version integer NOT NULL,
    disclosure_hash text NOT NULL,
    event text NOT NULL CHECK (event IN ('consent', 'withdrawal')),
    how text NOT NULL CHECK (how IN ('registration', 'sign-in', 'settings')),
    language text NOT NULL,
    address text NOT NULL,
    user_agent text,
    occurred_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
  )`,
  `CREATE INDEX delivery_consents_user_idx ON delivery_consents (user_id, id)`,
  `CREATE FUNCTION delivery_consents_kept() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'consent events are kept as written: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$`,
  `CREATE TRIGGER delivery_consents_kept BEFORE UPDATE OR DELETE ON delivery_consents
    FOR EACH ROW EXECUTE FUNCTION delivery_consents_kept()`,
  `CREATE TRIGGER delivery_consents_no_truncate BEFORE TRUNCATE ON delivery_consents
    FOR EACH STATEMENT EXECUTE FUNCTION delivery_consents_kept()`,
  `ALTER TABLE users ADD COLUMN consent_pending_types integer[] NOT NULL DEFAULT '{}'`,
  `ALTER TABLE users ADD COLUMN paper_delivery_since timestamptz`,
];
