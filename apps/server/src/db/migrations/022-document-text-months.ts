/**
 * Each document's text carries its document's month beside the words (`months`: one token, the
 * document's type and the month of its date, `YYYY-MM`, apart by a unit separator), in the texts'
 * GIN index. A text search within dates then asks the index for the texts of the range's months
 * (an overlap with their tokens), and a whole type's words found in many documents are listed a
 * few months at a time from the end its list starts from, where testing each document along the
 * date order read thousands of search vectors for a page (1.8 s at ten million documents for a
 * word in 1.3 % of them). Months, not dates: an index entry per month keeps the tokens of a range
 * few (twelve for a year), where a range of dates in a GIN index reads every date's entries in it
 * (measured: one year 156 index pages as months, 1,033 as dates). The exact dates are still
 * tested on the documents, so a month is only ever a superset of the days asked.
 *
 * The token names the type so that a whole type's search needs no walk of the type's entry, which
 * lists every text of the type. It follows the document: a text stored takes its document's month,
 * and a document whose date or type changes gives its text the new one.
 */
/** The months of the texts already stored, in one pass (exported for its test). */
export const MONTHS_OF_STORED_TEXTS = `UPDATE document_texts t SET months = ARRAY[document_month_token(d.report_id, d.document_date)]
   FROM documents d WHERE d.id = t.document_id`;

export const statements = [
  // A constant default: no table rewrite. The texts are written below; only this column changes,
  // so their generated search vectors are not computed again.
  `ALTER TABLE document_texts ADD COLUMN months text[] NOT NULL DEFAULT '{}'`,
  // The one definition of a month token (the search's `monthToken` writes the same).
  `CREATE FUNCTION document_month_token(report_id integer, document_date date) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT report_id || chr(31) || to_char(document_date, 'YYYY-MM')
   $$`,
  `CREATE FUNCTION take_document_text_month() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.months := coalesce((SELECT ARRAY[document_month_token(report_id, document_date)] FROM documents WHERE id = NEW.document_id), '{}');
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER document_texts_month BEFORE INSERT OR UPDATE OF document_id, report_id ON document_texts
     FOR EACH ROW EXECUTE FUNCTION take_document_text_month()`,
  `CREATE FUNCTION follow_document_month() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE document_texts SET months = ARRAY[document_month_token(NEW.report_id, NEW.document_date)]
     WHERE document_id = NEW.id;
    RETURN NULL;
  END $$`,
  // Per row, and only when the month's parts change: most updates of a document leave its text alone.
  `CREATE TRIGGER documents_text_month AFTER UPDATE OF document_date, report_id ON documents
     FOR EACH ROW WHEN (OLD.document_date IS DISTINCT FROM NEW.document_date OR OLD.report_id IS DISTINCT FROM NEW.report_id)
     EXECUTE FUNCTION follow_document_month()`,
  // The index goes before the texts are written (it would take each row's words afresh) and is built once after.
  `DROP INDEX document_texts_search_idx`,
  MONTHS_OF_STORED_TEXTS,
  // As in the owners' migration: a GIN build gathers its entries in this memory (PostgreSQL only).
  `SET LOCAL maintenance_work_mem = '512MB'`,
  `CREATE INDEX document_texts_search_idx ON document_texts USING gin (report_id, owners, months, search)`,
  `ANALYZE document_texts`,
];
