/**
 * The append-only trigger of `access_evidence` lets the chaining job set an event's place and
 * hashes once, and nothing else. It told a chaining from any other change by turning both versions
 * of the row into JSON; it now compares the rows themselves, with the chain's columns of the new
 * one put back as they were, which the database does without building two documents for every
 * event it chains. A column added later is compared as well, since the whole row is.
 */
export const statements = [
  `CREATE OR REPLACE FUNCTION access_evidence_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    facts access_evidence;
  BEGIN
    IF TG_OP = 'UPDATE' AND OLD.seq IS NULL AND NEW.seq IS NOT NULL THEN
      facts := NEW;
      facts.seq := OLD.seq;
      facts.previous_hash := OLD.previous_hash;
      facts.hash := OLD.hash;
      IF facts IS NOT DISTINCT FROM OLD THEN
        RETURN NEW;
      END IF;
    END IF;
    RAISE EXCEPTION 'access evidence is kept as written: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END $$`,
];
