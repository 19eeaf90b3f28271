/**
 * Each instance also keeps a person's answers to the calls they repeat (the dashboard and a list
 * page, until migration 029 dropped these triggers), which read the documents and what is kept beside them as well as the
 * tables migration 026 watches. A write to these tables sends a notice on the same channel, naming
 * the table, so every instance forgets the answers it kept (and only those: nothing the reads of
 * migration 026 keep depends on them).
 *
 * The tables written only by triggers of these (a type's document count, the owners' values) send
 * none: the statement that set their trigger off sends its own.
 */
export const ANSWER_TABLES = ['documents', 'document_views', 'document_texts', 'document_owner_keys'] as const;

export const statements = ANSWER_TABLES.map(
  (table) =>
    `CREATE TRIGGER ${table}_answers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
     FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_reads_changed()`,
);
