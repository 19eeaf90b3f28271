/**
 * The answers of a few reads that every signed-in call repeats (who is asking, what it may see,
 * the document type asked for), kept between writes. Any statement other than a plain read that
 * this process sends forgets everything kept, before it is sent and (on PostgreSQL) once it has
 * ended; nothing is kept longer than `lifetimeMs`, which bounds how late a time limit (a session's
 * end) is noticed. The embedded database lives in this one process, which runs every statement and
 * so sees every write. PostgreSQL may be written by other instances: there, answers are kept only
 * while a connection listens to the notices each write to those tables sends (reads-changed.ts),
 * and each notice forgets everything kept.
 */
export interface ReadCache {
  /** The answer kept for `key`, or `read()`'s, kept until the next write. Callers must not change what they get. */
  remember<T>(key: string, read: () => Promise<T>): Promise<T>;
  /** Forgets every answer kept: called for each statement that may write. */
  forget(): void;
}

/** Whatever forgets kept answers. */
export type Forgetting = Pick<ReadCache, 'forget'>;

/** Keeps nothing: every read goes to the database. */
export const NO_READ_CACHE: ReadCache = { remember: (_key, read) => read(), forget: () => undefined };

/** `cache`, keeping answers only while `trusted()` says every write will be heard of; reading each time otherwise. */
export function keptWhile(cache: ReadCache, trusted: () => boolean): ReadCache {
  return { remember: (key, read) => (trusted() ? cache.remember(key, read) : read()), forget: () => cache.forget() };
}

/** How many answers a cache keeps at most unless told: between two writes, each new key is kept until then. */
const KEPT_AT_MOST = 10_000;

export function createReadCache(options: { lifetimeMs: number; keptAtMost?: number }): ReadCache {
  const kept = new Map<string, { answer: Promise<unknown>; until: number }>();
  const keptAtMost = options.keptAtMost ?? KEPT_AT_MOST;
  return {
    remember<T>(key: string, read: () => Promise<T>): Promise<T> {
      const entry = kept.get(key);
      if (entry && Date.now() < entry.until) return entry.answer as Promise<T>;
      // A long quiet spell with many different reads must not grow the process without end.
      if (kept.size >= keptAtMost) dropOutOfDate(kept, keptAtMost);
      const answer = read();
      const fresh = { answer, until: Date.now() + options.lifetimeMs };
      kept.set(key, fresh);
      // A failed read is not kept (and a write meanwhile has already removed it).
      answer.catch(() => {
        if (kept.get(key) === fresh) kept.delete(key);
      });
      return answer;
    },
    forget: () => kept.clear(),
  };
}

/** Drops the answers out of date, and all of them if that leaves the cache still full. */
function dropOutOfDate(kept: Map<string, { until: number }>, keptAtMost: number) {
  const now = Date.now();
  for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
  if (kept.size >= keptAtMost) kept.clear();
}

/**
 * Begins each statement of the job queue, which reads and writes the queue's own tables only:
 * nothing kept is read from them, so its statements (a poll every second or so per worker, each an
 * UPDATE) forget nothing.
 */
export const QUEUE_STATEMENT_MARK = '/* job queue */ ';

/** Whether a statement leaves every kept answer true: a read, or the job queue's. */
export function changesNothingKept(sql: string): boolean {
  return sql.startsWith(QUEUE_STATEMENT_MARK) || onlyReads(sql);
}

/**
 * Whether a statement only reads: one SELECT. A script of several statements (the job queue's
 * and migrations' set-ups send them) is never taken as a read, nor is anything that is not a
 * SELECT (a WITH may hold a write). A semicolon inside a literal only makes a read count as a write.
 */
export function onlyReads(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/;\s*\S/.test(sql);
}
