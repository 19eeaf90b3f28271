/**
 * Ends-with over a whole type reads a btree of each searchable attribute's lower-cased value
 * reversed: the value ending with a text is the reversed value starting with the text reversed,
 * a range of that index, where trigrams gathered a bitmap of every candidate (113 ms for a
 * type of ten million documents). New attributes get it with their other search indexes (the
 * documents repository's `ensureSearchIndexes`, whose expression this repeats); this builds it
 * for the searchable attributes already there.
 */
export const statements = [
  `DO $$
  DECLARE attribute_name text;
  BEGIN
    FOR attribute_name IN SELECT DISTINCT name FROM report_attributes WHERE is_searchable AND name ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$' LOOP
      EXECUTE format(
        'CREATE INDEX IF NOT EXISTS %I ON documents (report_id, reverse(lower((attributes ->> %L))) text_pattern_ops)',
        'documents_suffix_' || lower(attribute_name) || '_idx',
        attribute_name
      );
    END LOOP;
  END $$`,
];
