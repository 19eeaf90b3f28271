/**
 * Legal holds: what a client must keep, whatever its retention says, until the hold is released.
 * A hold names one subject: a customer (attribute values every held document of the client's
 * carries), one document type, or one document. A released hold stays, with who released it and
 * why, so the history of every hold is kept. No foreign key to the document or the type: a hold
 * outlives neither, since what it holds is never deleted, but its record must outlive a type
 * removed after its release.
 *
 * `legal_hold_objects` lists the stored files the object store itself holds (an S3 object-lock
 * legal hold), so that releasing a hold lifts it from exactly the files no other hold needs.
 */
export const statements = [
  `CREATE TABLE legal_holds (
    id serial PRIMARY KEY,
    client_id integer NOT NULL,
    subject text NOT NULL CHECK (subject IN ('customer', 'type', 'document')),
    report_id integer,
    document_id integer,
    owner_values jsonb,
    reason text NOT NULL,
    placed_by integer NOT NULL,
    placed_at timestamptz NOT NULL DEFAULT now(),
    released_by integer,
    released_at timestamptz,
    release_reason text,
    CHECK (subject <> 'customer' OR (owner_values IS NOT NULL AND report_id IS NULL AND document_id IS NULL)),
    CHECK (subject <> 'type' OR (report_id IS NOT NULL AND document_id IS NULL AND owner_values IS NULL)),
    CHECK (subject <> 'document' OR (report_id IS NOT NULL AND document_id IS NOT NULL AND owner_values IS NULL)),
    CHECK ((released_at IS NULL) = (released_by IS NULL))
  )`,
  `CREATE INDEX legal_holds_in_force_idx ON legal_holds (client_id, subject) WHERE released_at IS NULL`,
  `CREATE TABLE legal_hold_objects (
    file_key text PRIMARY KEY,
    held_at timestamptz NOT NULL DEFAULT now()
  )`,
];
