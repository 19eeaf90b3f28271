/**
 * Each instance on PostgreSQL keeps the answers of the reads every signed-in call repeats (who a
 * session belongs to, a USER's grants, a client's types, until migration 030) and must hear of any
 * write to the tables they read, whichever instance made it. A statement trigger on each of those
 * tables sends a notice on one channel after the writing transaction commits (PostgreSQL delivers
 * notices only then, once per distinct payload per transaction); every instance listens to it and
 * forgets what it kept.
 *
 * A session's activity time, written about once a minute per session, sends none: a kept session
 * with an older activity time may look idle at most the cache's lifetime (a second) early.
 */
export const READS_CHANGED_CHANNEL = 'portal_reads_changed';

/** The tables the kept reads read, each with the events that notify (all writes but where said). */
export const NOTIFYING_TABLES: Record<string, string> = {
  users: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  clients: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  experiences: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  sessions: 'INSERT OR DELETE OR TRUNCATE OR UPDATE OF id_hash, user_id, mfa_pending, language, expires_at',
  report_access: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  access_criteria: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  report_definitions: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
  report_attributes: 'INSERT OR UPDATE OR DELETE OR TRUNCATE',
};

export const statements = [
  `CREATE OR REPLACE FUNCTION portal_notify_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${READS_CHANGED_CHANNEL}', TG_TABLE_NAME);
    RETURN NULL;
  END $$`,
  ...Object.entries(NOTIFYING_TABLES).map(
    ([table, events]) =>
      `CREATE TRIGGER ${table}_reads_changed AFTER ${events} ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_reads_changed()`,
  ),
];
