import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement text seen this often is prepared under a name on each connection that runs it. */
const TIMES_BEFORE_NAMING = 3;
/** Named statements a connection keeps at most (each holds its parsed text and, later, a plan). */
export const NAMED_PER_CONNECTION = 200;
/** Statement texts counted at most before the count starts again (one-off texts must not pile up). */
const TEXTS_COUNTED = 5_000;
/**
 * Matching a pattern or words: the best plan depends on the value searched for (a prefix can walk
 * an index only when the planner sees it), so such a statement is planned for each call's values.
 */
const VALUE_DEPENDENT_PLAN = /\b(i?like|similar\s+to)\b|@@/i;

/**
 * A value list longer than this makes its statement planned for each call: only a plan made for
 * the list itself knows its length, which decides between reading each listed row by its key and
 * testing each row read against the list, and only such a plan tests a list by hashing it (a
 * generic plan compares each row with every value in turn).
 */
export const LONG_LIST = 100;

/** Whether a statement's values hold a list longer than LONG_LIST. */
export function hasLongList(values: readonly unknown[]): boolean {
  return values.some((value) => Array.isArray(value) && value.length > LONG_LIST);
}

/**
 * Whether a statement only reads: one SELECT. A script of several statements (the job queue's
 * and migrations' set-ups send them) is never taken as a read, nor is anything that is not a
 * SELECT (a WITH may hold a write). A semicolon inside a literal only makes a read count as a write.
 */
export function onlyReads(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/;\s*\S/.test(sql);
}

/** Whether a statement is of the kind that is named once repeated: a single read whose plan does not depend on a searched text. */
export function mayBeNamed(text: string): boolean {
  return onlyReads(text) && !VALUE_DEPENDENT_PLAN.test(text);
}

/** The names a connection has prepared so far. */
export interface NamedOnConnection {
  has(name: string): boolean;
  readonly size: number;
}

/**
 * Which statements run as named prepared statements, and under which name.
 *
 * PostgreSQL parses and plans an unnamed statement on every call. The documents table carries an
 * index per searchable and sortable attribute, and planning a statement that reads it weighs every
 * one of them (the embedded database even opens each index's file to size it): on the demo data,
 * planning the dashboard's counts took ten times as long as running them. A named statement is
 * parsed once per connection, and after five runs PostgreSQL keeps a generic plan when it costs no
 * more than the plans made for each call's values (`plan_cache_mode` `auto`); a call then skips
 * planning altogether, while a statement whose values change its best plan keeps being planned.
 *
 * Only single reads with values are named (writes, scripts, searches of patterns or words and
 * reads given a long list stay unnamed), only once a text has been seen several times (migrations
 * and one-off statements never are), and a connection names a bounded number of them, so its
 * memory stays bounded.
 */
export function createStatementNamer(): (text: string, named: NamedOnConnection, values?: readonly unknown[]) => string | undefined {
  const seen = new Map<string, number>();
  return (text, named, values = []) => {
    if (!mayBeNamed(text) || hasLongList(values)) return undefined;
    const name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    if (named.has(name)) return name;
    if (named.size >= NAMED_PER_CONNECTION) return undefined;
    // Counted by name, not by text: a text may run to kilobytes.
    const times = (seen.get(name) ?? 0) + 1;
    if (seen.size >= TEXTS_COUNTED) seen.clear();
    seen.set(name, times);
    return times < TIMES_BEFORE_NAMING ? undefined : name;
  };
}

/**
 * PostgreSQL's answer when a table a named statement reads has changed its columns since it was
 * prepared (another instance migrated the database, say): that statement can never run again.
 */
export function changedResultType(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}

/** A PostgreSQL pool whose connections run repeated reads as named statements (see `createStatementNamer`). */
export function withNamedStatements(pool: pg.Pool): pg.Pool {
  const nameFor = createStatementNamer();
  pool.on('connect', (client) => {
    const named = new Set<string>();
    // Names whose statement outlived a change of its table's columns: their text runs unnamed from then on.
    const refused = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely sends (text, values); anything else (a cursor, a config object) passes through as it came.
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = nameFor(text, named, values);
        if (name && !refused.has(name)) {
          named.add(name);
          return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
            if (!changedResultType(error)) throw error;
            refused.add(name);
            return query(text, values);
          });
        }
      }
      return query(...args);
    }) as typeof client.query;
  });
  return pool;
}
