/**
 * A column sorted as numbers sorts the values that look like numbers by their number: the sort
 * indexes computed `value::numeric` when the value matched `^-?[0-9]+(.[0-9]+)?$`, whose dot,
 * its backslash lost in the query's template, matched any character. A value such as "12,50" or
 * "12/31" then passed the test and failed the cast: the document holding it could not be stored
 * (the index's expression is computed on every insert) and sorting its type failed. The pattern
 * now asks for a dot; this builds every documents index written with the former pattern again
 * with the new one (sort indexes, in the documents repository's `attributeSortKeys`).
 */
export const statements = [
  `DO $$
  DECLARE built record;
  BEGIN
    FOR built IN SELECT indexname, indexdef FROM pg_indexes
                  WHERE schemaname = current_schema() AND tablename = 'documents' AND indexdef LIKE '%(.[0-9]+)?$''%' LOOP
      EXECUTE format('DROP INDEX %I', built.indexname);
      EXECUTE replace(built.indexdef, '(.[0-9]+)?$''', '(\\.[0-9]+)?$''');
    END LOOP;
  END $$`,
];
