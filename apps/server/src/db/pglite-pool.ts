import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Type ids whose text we keep as text on both back ends (dates stay 'YYYY-MM-DD', numerics keep their precision). */
export const TEXT_PARSED_TYPES = { date: 1082, numeric: 1700 } as const;

interface PoolQueryResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

interface PoolClient {
  query(sql: string, parameters?: readonly unknown[]): Promise<PoolQueryResult>;
  release(): void;
}

/**
 * The part of `pg.Pool` that Kysely's PostgresDialect uses, over one PGlite instance.
 * PGlite is a single connection, so a client is handed out to one caller at a time:
 * a transaction holds it from BEGIN to COMMIT and nothing else interleaves.
 */
export class PGlitePool {
  private queue: Promise<void> = Promise.resolve();
  /** Told of every statement (or script of several) before it runs: see read-cache.ts. */
  onStatement: (sql: string) => void = () => undefined;

  constructor(readonly pglite: PGlite) {}

  static async open(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlitePool> {
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      // The contrib extensions the migrations create: PGlite loads each from its own bundle.
      extensions: { pg_trgm, unaccent, btree_gin },
      parsers: {
        [TEXT_PARSED_TYPES.date]: (value: string) => value,
        [TEXT_PARSED_TYPES.numeric]: (value: string) => value,
      },
    });
    return new PGlitePool(pglite);
  }

  async connect(): Promise<PoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let released = false;
    return {
      query: (sql, parameters) => this.run(sql, parameters),
      release: () => {
        if (!released) {
          released = true;
          release();
        }
      },
    };
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }

  private async run(sql: string, parameters?: readonly unknown[]): Promise<PoolQueryResult> {
    // Without parameters the simple protocol runs scripts of several statements (as the job
    // queue's schema set-up sends); the answer is that of the last statement, as with pg.
    this.onStatement(sql);
    const result =
      parameters && parameters.length > 0
        ? await this.pglite.query(sql, [...parameters])
        : ((await this.pglite.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0, fields: [] });
    return {
      rows: result.rows,
      rowCount: result.affectedRows ?? result.rows.length,
      command: sql.trimStart().split(/\s/, 1)[0]!.toUpperCase(),
    };
  }
}
