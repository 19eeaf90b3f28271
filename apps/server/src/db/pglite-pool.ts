import { PGlite, protocol, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { changedResultType, createStatementNamer, type NamedOnConnection } from './named-statements.js';

/** Type ids whose text we keep as text on both back ends (dates stay 'YYYY-MM-DD', numerics keep their precision). */
export const TEXT_PARSED_TYPES = { date: 1082, numeric: 1700 } as const;

interface PoolQueryResult {
  rows: unknown[];
  rowCount: number;
  command: string;
}

/** A statement prepared under a name: what its values are sent as and its rows come back as. */
interface PreparedStatement {
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
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
  /** Statements prepared under a name, by name (see named-statements.ts). */
  private readonly prepared = new Map<string, PreparedStatement>();
  private readonly nameFor: (text: string, named: NamedOnConnection, values?: readonly unknown[]) => string | undefined;

  constructor(
    readonly pglite: PGlite,
    preparedStatements = true,
  ) {
    this.nameFor = preparedStatements ? createStatementNamer() : () => undefined;
  }

  static async open(options: { dataDir?: string; loadDataDir?: Blob; preparedStatements: boolean }): Promise<PGlitePool> {
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
    return new PGlitePool(pglite, options.preparedStatements);
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
    const name = parameters && parameters.length > 0 ? this.nameFor(sql, this.prepared, parameters) : undefined;
    if (name) {
      const rows = await this.runNamed(name, sql, parameters!).catch(async (error: unknown) => {
        if (!changedResultType(error)) throw error;
        // Its table's columns changed since it was prepared (a migration ran): prepare it afresh.
        this.prepared.delete(name);
        await this.exchange(protocol.serialize.close({ type: 'S', name }));
        return this.runNamed(name, sql, parameters!);
      });
      return { rows, rowCount: rows.length, command: 'SELECT' };
    }
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

  /**
   * Runs a read as a named prepared statement: prepared (and its parameters' and columns' types
   * learnt) the first time, then bound and run in one exchange, the way PGlite's own query() runs
   * an unnamed one. Values are written and rows read with PGlite's own serializers and parsers.
   */
  private async runNamed(name: string, sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const { serialize } = protocol;
    let statement = this.prepared.get(name);
    if (!statement) {
      const { messages } = await this.exchange(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
      const described = messages.find((message) => message.name === 'parameterDescription');
      const columns = messages.find((message) => message.name === 'rowDescription');
      statement = {
        parameterTypes: described instanceof protocol.messages.ParameterDescriptionMessage ? described.dataTypeIDs : [],
        fields: columns instanceof protocol.messages.RowDescriptionMessage ? columns.fields : [],
      };
      this.prepared.set(name, statement);
    }
    const { serializers, parsers } = this.pglite;
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[statement.parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.exchange(serialize.bind({ statement: name, values }), serialize.execute({}));
    const rows: Record<string, unknown>[] = [];
    for (const message of messages) {
      if (!(message instanceof protocol.messages.DataRowMessage)) continue;
      const row: Record<string, unknown> = {};
      statement.fields.forEach((field, index) => {
        const text = message.fields[index];
        row[field.name] = text === null || text === undefined ? null : types.parseType(text, field.dataTypeID, parsers);
      });
      rows.push(row);
    }
    return rows;
  }

  /** Sends protocol messages and a Sync in one exchange; a database error is thrown once the Sync has run. */
  private exchange(...messages: Uint8Array[]) {
    return this.pglite.execProtocol(Buffer.concat([...messages, protocol.serialize.sync()]), { syncToFs: false });
  }
}
