/**
 * Each attribute identifying owners gets an owner index: the type, the attribute's value, then
 * the date and id. A person restricted to an owner's documents is then read in list order from
 * one index range instead of gathering and sorting every one of them per page. Later attributes
 * get theirs from the console (see the document types editor) and the seed.
 */
export const statements = [
  `DO $$
   DECLARE attribute text;
   BEGIN
     FOR attribute IN
       SELECT DISTINCT name FROM report_attributes WHERE identifies_owner AND name ~ '^[A-Za-z][A-Za-z0-9_]{0,62}$'
     LOOP
       EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON documents (report_id, (attributes ->> %L), document_date, id)',
                      'documents_owner_' || lower(attribute) || '_idx', attribute);
     END LOOP;
   END $$`,
];
