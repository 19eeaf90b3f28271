/**
 * Evidence of who opened which document, and how. A request writes its events unchained; the
 * chaining job gives each, in turn, its place in its client's chain (`seq`) with the hash of the
 * event before it and its own (see `domain/access-evidence.ts`). After that the row is final:
 * the trigger refuses any update but the one that chains an event, and every delete or truncate,
 * whichever role asks. Only a superuser who turns triggers off can change a row, and the
 * verification of the chain then names it.
 *
 * No foreign key: the evidence outlives the documents retention deletes and the people removed.
 */
export const statements = [
  `CREATE TABLE access_evidence (
    id bigserial PRIMARY KEY,
    client_id integer NOT NULL,
    seq bigint,
    previous_hash text,
    hash text,
    occurred_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
    user_id integer NOT NULL,
    username text NOT NULL,
    document_id integer NOT NULL,
    report_code text NOT NULL,
    document_version integer NOT NULL,
    content_hash text,
    action text NOT NULL CHECK (action IN ('preview', 'download', 'merged-pdf', 'zip')),
    address text NOT NULL,
    user_agent text,
    CHECK ((seq IS NULL) = (hash IS NULL) AND (hash IS NULL) = (previous_hash IS NULL))
  )`,
  `CREATE UNIQUE INDEX access_evidence_chain_idx ON access_evidence (client_id, seq) WHERE seq IS NOT NULL`,
  `CREATE INDEX access_evidence_unchained_idx ON access_evidence (id) WHERE seq IS NULL`,
  `CREATE INDEX access_evidence_document_idx ON access_evidence (document_id, id)`,
  `CREATE INDEX access_evidence_user_idx ON access_evidence (user_id, id)`,
  `CREATE FUNCTION access_evidence_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF OLD.seq IS NULL AND NEW.seq IS NOT NULL
         AND (to_jsonb(NEW) - 'seq' - 'previous_hash' - 'hash') = (to_jsonb(OLD) - 'seq' - 'previous_hash' - 'hash') THEN
        RETURN NEW;
      END IF;
    END IF;
    RAISE EXCEPTION 'access evidence is kept as written: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$`,
  `CREATE TRIGGER access_evidence_append_only BEFORE UPDATE OR DELETE ON access_evidence
    FOR EACH ROW EXECUTE FUNCTION access_evidence_append_only()`,
  `CREATE TRIGGER access_evidence_no_truncate BEFORE TRUNCATE ON access_evidence
    FOR EACH STATEMENT EXECUTE FUNCTION access_evidence_append_only()`,
];
