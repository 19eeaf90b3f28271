/**
 * Counting every document of a type is a scan of all its rows: at millions of documents,
 * too slow for a dashboard. The count is kept per type by statement-level triggers instead
 * (one update per statement, whatever its number of rows), exact at every commit.
 */
export const statements = [
  `CREATE TABLE report_document_counts (
    report_id integer PRIMARY KEY REFERENCES report_definitions(id),
    document_count bigint NOT NULL DEFAULT 0
  )`,
  `CREATE FUNCTION add_report_document_counts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO report_document_counts (report_id, document_count)
      SELECT report_id, count(*) FROM changed_documents GROUP BY report_id
    ON CONFLICT (report_id) DO UPDATE SET document_count = report_document_counts.document_count + EXCLUDED.document_count;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION subtract_report_document_counts() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE report_document_counts c SET document_count = c.document_count - gone.n
      FROM (SELECT report_id, count(*) AS n FROM changed_documents GROUP BY report_id) gone
     WHERE c.report_id = gone.report_id;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER documents_counted_on_insert AFTER INSERT ON documents
     REFERENCING NEW TABLE AS changed_documents FOR EACH STATEMENT EXECUTE FUNCTION add_report_document_counts()`,
  `CREATE TRIGGER documents_counted_on_delete AFTER DELETE ON documents
     REFERENCING OLD TABLE AS changed_documents FOR EACH STATEMENT EXECUTE FUNCTION subtract_report_document_counts()`,
  `INSERT INTO report_document_counts (report_id, document_count)
     SELECT r.id, (SELECT count(*) FROM documents d WHERE d.report_id = r.id) FROM report_definitions r`,
];
