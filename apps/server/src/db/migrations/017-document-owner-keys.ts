/**
 * Each document's values of the attributes that identify owners, one row per value, in a table
 * of plain columns kept by triggers. Its primary key reads one owner's documents of a type in
 * date order from the index alone: PostgreSQL answers from an index only when every column the
 * query names is a column of the index, never through an expression such as
 * `attributes ->> 'accountNumber'`, so counting an owner's documents on the owner indexes
 * (migration 013) read each document from the table. Here it reads index entries only, and
 * several owners are counted from several ranges. Searches still walk the owner indexes.
 *
 * The triggers keep the keys exact at every commit: documents inserted, replaced (upserts update
 * the row) or deleted, and an attribute of a type marked or unmarked as identifying owners,
 * renamed or removed. Statement-level triggers on documents, so a bulk insert adds its keys in one
 * statement.
 */
export const statements = [
  `CREATE TABLE document_owner_keys (
    report_id integer NOT NULL,
    name text NOT NULL,
    value text NOT NULL,
    document_date date NOT NULL,
    document_id integer NOT NULL
  )`,
  // Transition tables are visible only inside their trigger's function: each function names its own.
  `CREATE FUNCTION add_document_owner_keys() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO document_owner_keys
      SELECT n.report_id, a.name, n.attributes ->> a.name, n.document_date, n.id
        FROM new_documents n JOIN report_attributes a ON a.report_id = n.report_id AND a.identifies_owner
       WHERE n.attributes ->> a.name IS NOT NULL
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION remove_document_owner_keys() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM document_owner_keys k
     USING old_documents o JOIN report_attributes a ON a.report_id = o.report_id AND a.identifies_owner
     WHERE k.report_id = o.report_id AND k.name = a.name AND k.value = o.attributes ->> a.name
       AND k.document_date = o.document_date AND k.document_id = o.id;
    RETURN NULL;
  END $$`,
  // Only the keys that changed: an upsert that changed nothing a key holds leaves the keys alone.
  // Set differences, not a join of the two transition tables (which have no index to join by).
  `CREATE FUNCTION replace_document_owner_keys() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    DELETE FROM document_owner_keys k
     USING (SELECT o.report_id, a.name, o.attributes ->> a.name AS value, o.document_date, o.id
              FROM old_documents o JOIN report_attributes a ON a.report_id = o.report_id AND a.identifies_owner
            EXCEPT
            SELECT n.report_id, a.name, n.attributes ->> a.name, n.document_date, n.id
              FROM new_documents n JOIN report_attributes a ON a.report_id = n.report_id AND a.identifies_owner) gone
     WHERE k.report_id = gone.report_id AND k.name = gone.name AND k.value = gone.value
       AND k.document_date = gone.document_date AND k.document_id = gone.id;
    INSERT INTO document_owner_keys
      SELECT n.report_id, a.name, n.attributes ->> a.name, n.document_date, n.id
        FROM new_documents n JOIN report_attributes a ON a.report_id = n.report_id AND a.identifies_owner
       WHERE n.attributes ->> a.name IS NOT NULL
      EXCEPT
      SELECT o.report_id, a.name, o.attributes ->> a.name, o.document_date, o.id
        FROM old_documents o JOIN report_attributes a ON a.report_id = o.report_id AND a.identifies_owner
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER documents_owner_keys_on_insert AFTER INSERT ON documents
     REFERENCING NEW TABLE AS new_documents FOR EACH STATEMENT EXECUTE FUNCTION add_document_owner_keys()`,
  `CREATE TRIGGER documents_owner_keys_on_update AFTER UPDATE ON documents
     REFERENCING OLD TABLE AS old_documents NEW TABLE AS new_documents FOR EACH STATEMENT EXECUTE FUNCTION replace_document_owner_keys()`,
  `CREATE TRIGGER documents_owner_keys_on_delete AFTER DELETE ON documents
     REFERENCING OLD TABLE AS old_documents FOR EACH STATEMENT EXECUTE FUNCTION remove_document_owner_keys()`,
  // An attribute's keys follow what it is: gone when it stops identifying owners (or is renamed or removed), made when it starts.
  `CREATE FUNCTION follow_owner_attribute() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.identifies_owner
       AND (TG_OP = 'DELETE' OR NOT NEW.identifies_owner OR NEW.name <> OLD.name OR NEW.report_id <> OLD.report_id) THEN
      DELETE FROM document_owner_keys WHERE report_id = OLD.report_id AND name = OLD.name;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.identifies_owner
       AND (TG_OP = 'INSERT' OR NOT OLD.identifies_owner OR NEW.name <> OLD.name OR NEW.report_id <> OLD.report_id) THEN
      INSERT INTO document_owner_keys
        SELECT d.report_id, NEW.name, d.attributes ->> NEW.name, d.document_date, d.id
          FROM documents d WHERE d.report_id = NEW.report_id AND d.attributes ->> NEW.name IS NOT NULL
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER report_attributes_owner_keys AFTER INSERT OR UPDATE OR DELETE ON report_attributes
     FOR EACH ROW EXECUTE FUNCTION follow_owner_attribute()`,
  `INSERT INTO document_owner_keys
     SELECT d.report_id, a.name, d.attributes ->> a.name, d.document_date, d.id
       FROM report_attributes a JOIN documents d ON d.report_id = a.report_id
      WHERE a.identifies_owner AND d.attributes ->> a.name IS NOT NULL`,
  // Built after the keys are in: one sorted build, not millions of insertions into the index.
  `ALTER TABLE document_owner_keys ADD PRIMARY KEY (report_id, name, value, document_date, document_id)`,
  // Without statistics the planner guesses the keys' ranges and walks whole types until autovacuum
  // comes by (measured at ten million documents: lists 100 ms to 1 s instead of 15-25 ms).
  `ANALYZE document_owner_keys`,
];
