/**
 * Each document's text carries the owners its document belongs to (`owners`: one token per
 * attribute identifying owners, the document's type, the attribute's name and its value apart by
 * unit separators), and the text's GIN index holds them beside the words. A restricted person's
 * text search then finds its owners' documents holding the words in one walk of that index, and
 * reads only those, where testing each of the owner's documents read every one's search vector
 * (4.8 KB) from the table: 10,000 of them for one owner at ten million documents, from disk once
 * the texts outgrow memory. The type is in the token so that the search needs no walk of the
 * type's entries, which list every text of the type.
 *
 * The tokens follow the owner keys (migration 017), which are exact at every commit: a text
 * stored takes its document's tokens, and whenever keys are added or removed (a document
 * written, replaced or deleted, an attribute marked or unmarked as identifying owners) the texts
 * of those documents take their tokens afresh. Both read the document and its type's attributes,
 * the same rows the keys are made from.
 */
/**
 * The tokens of the texts already stored, from the owner keys in one pass (exported for its
 * test). Every text is written, those of documents without owners too, so that every one's
 * content moves out of its row (below).
 */
export const OWNERS_OF_STORED_TEXTS = `UPDATE document_texts t SET owners = coalesce(o.owners, '{}')
   FROM documents d
   LEFT JOIN (SELECT document_id, array_agg(report_id || chr(31) || name || chr(31) || value ORDER BY name) AS owners
                FROM document_owner_keys GROUP BY document_id) o ON o.document_id = d.id
  WHERE d.id = t.document_id`;

export const statements = [
  `ALTER TABLE document_texts ADD COLUMN owners text[] NOT NULL DEFAULT '{}'`,
  `CREATE FUNCTION document_text_owners(owned_document_id integer) RETURNS text[] LANGUAGE sql STABLE AS $$
     SELECT coalesce(array_agg(d.report_id || chr(31) || a.name || chr(31) || (d.attributes ->> a.name) ORDER BY a.name), '{}')
       FROM documents d JOIN report_attributes a ON a.report_id = d.report_id AND a.identifies_owner
      WHERE d.id = owned_document_id AND d.attributes ->> a.name IS NOT NULL
   $$`,
  `CREATE FUNCTION take_document_text_owners() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.owners := document_text_owners(NEW.document_id);
    RETURN NEW;
  END $$`,
  `CREATE TRIGGER document_texts_owners BEFORE INSERT OR UPDATE OF document_id, report_id ON document_texts
     FOR EACH ROW EXECUTE FUNCTION take_document_text_owners()`,
  // Transition tables are visible only inside their trigger's function: each function names its own.
  `CREATE FUNCTION follow_added_owner_keys() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE document_texts t SET owners = document_text_owners(t.document_id)
     WHERE t.document_id IN (SELECT document_id FROM added_keys);
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION follow_removed_owner_keys() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE document_texts t SET owners = document_text_owners(t.document_id)
     WHERE t.document_id IN (SELECT document_id FROM removed_keys);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER document_owner_keys_texts_on_insert AFTER INSERT ON document_owner_keys
     REFERENCING NEW TABLE AS added_keys FOR EACH STATEMENT EXECUTE FUNCTION follow_added_owner_keys()`,
  `CREATE TRIGGER document_owner_keys_texts_on_delete AFTER DELETE ON document_owner_keys
     REFERENCING OLD TABLE AS removed_keys FOR EACH STATEMENT EXECUTE FUNCTION follow_removed_owner_keys()`,
  // A text's row keeps only what a search reads for each match (its document, type, file, language
  // and owners, about 100 bytes); its content and vector go to the table's TOAST storage. By
  // default PostgreSQL keeps a row up to 2 KB whole, so the 1.4 KB content of a page of text
  // stayed in the row: five rows to a page, and a count of a word in 10,000 of an owner's
  // documents read 2,000 pages of a table that outgrows memory (16 GB at ten million texts).
  // Out of line, the rows of a million texts weigh 107 MB. The option applies to rows written
  // from now on, so it goes before the stored texts are written again below.
  `ALTER TABLE document_texts SET (toast_tuple_target = 128)`,
  // The index goes before the texts are written again (it would take each row's words afresh) and is built once after.
  `DROP INDEX document_texts_search_idx`,
  OWNERS_OF_STORED_TEXTS,
  // A GIN build gathers entries in this memory before writing them: with the default 64 MB the
  // index of a million texts came out 942 MB, with 512 MB and more 520 MB (PostgreSQL only).
  `SET LOCAL maintenance_work_mem = '512MB'`,
  // One index for both: a whole type's search names the type and the words, a restricted person's the owner too.
  `CREATE INDEX document_texts_search_idx ON document_texts USING gin (report_id, owners, search)`,
  `ANALYZE document_texts`,
];
