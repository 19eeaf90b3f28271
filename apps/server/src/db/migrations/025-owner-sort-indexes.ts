/**
 * A restricted person's list sorted by a column read every document of its owners and sorted
 * them for each page (two owners' 20,000 documents at ten million documents: 78 ms, each document
 * on its own table page). An index per type, attribute identifying owners and column, of the
 * owner's value then the column's sort keys, over that type's documents only, reads one owner's
 * documents already in that order: each criteria group naming the owner walks it and stops at the
 * page. New types and attributes get them from the documents repository's `ensureOwnerSortIndex`
 * (name and expressions repeated here, see `ownerSortIndexName` and `attributeSortKeys`); this
 * builds them for the types already there.
 */
export const statements = [
  `DO $$
  DECLARE pair record;
  DECLARE index_name text;
  DECLARE sort_keys text;
  BEGIN
    FOR pair IN SELECT o.report_id, o.name AS owner, s.name AS sort, s.ordering
                  FROM report_attributes o
                  JOIN report_attributes s ON s.report_id = o.report_id AND s.show_in_column AND s.name <> o.name
                 WHERE o.identifies_owner
                   AND o.name ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$' AND s.name ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$' LOOP
      index_name := 'documents_' || CASE WHEN pair.ordering = 'text' THEN 'ownertextsort' ELSE 'ownersort' END
                    || '_' || pair.report_id || '_' || lower(pair.owner) || '_' || lower(pair.sort) || '_idx';
      IF length(index_name) > 63 THEN
        index_name := 'documents_ownersort_'
                      || left(md5(pair.report_id || '|' || pair.owner || '|' || pair.sort || '|' || pair.ordering), 24) || '_idx';
      END IF;
      sort_keys := CASE WHEN pair.ordering = 'text' THEN format('(attributes ->> %L)', pair.sort)
                   ELSE format('(CASE WHEN (attributes ->> %L) ~ %L THEN (attributes ->> %L)::numeric END), (attributes ->> %L)',
                               pair.sort, '^-?[0-9]+(\\.[0-9]+)?$', pair.sort, pair.sort) END;
      EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON documents ((attributes ->> %L), %s, id) WHERE report_id = %s',
                     index_name, pair.owner, sort_keys, pair.report_id);
    END LOOP;
  END $$`,
];
