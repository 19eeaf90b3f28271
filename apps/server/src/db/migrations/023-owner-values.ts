/**
 * The values of each attribute identifying owners, once each (`owner_values`), with a trigram
 * index: a whole type's search of such an attribute (an account number containing "00004") finds
 * the few owners whose value matches in this small table, then reads each one's documents from its
 * owner keys in date order (migration 017), where the trigram index of the documents built a
 * bitmap of every document holding the trigrams (1.1 million at ten million documents, 93 ms)
 * before reading the first.
 *
 * A statement trigger on the owner keys adds the values of keys inserted. A value whose last key
 * goes stays: it then selects no document, since documents are read from their keys, and removing
 * it would race with a key of the same value inserted at the same time (the insert would see the
 * value present and add nothing, the delete would not see the new key). The table can only hold
 * more values than the keys, never fewer.
 */
/** The values of the keys already stored (exported for its test). */
export const VALUES_OF_STORED_KEYS = `INSERT INTO owner_values (report_id, name, value)
  SELECT DISTINCT report_id, name, value FROM document_owner_keys
  ON CONFLICT DO NOTHING`;

export const statements = [
  `CREATE TABLE owner_values (
    report_id integer NOT NULL,
    name text NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (report_id, name, value)
  )`,
  `CREATE INDEX owner_values_search_idx ON owner_values USING gin (lower(value) gin_trgm_ops)`,
  `CREATE FUNCTION add_owner_values() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO owner_values (report_id, name, value)
      SELECT DISTINCT report_id, name, value FROM added_owner_keys
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER document_owner_keys_values AFTER INSERT ON document_owner_keys
     REFERENCING NEW TABLE AS added_owner_keys FOR EACH STATEMENT EXECUTE FUNCTION add_owner_values()`,
  VALUES_OF_STORED_KEYS,
  `ANALYZE owner_values`,
];
