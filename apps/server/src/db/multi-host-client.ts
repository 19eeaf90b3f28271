import pg from 'pg';
import { parseDatabaseAddress, type DatabaseAddress } from './database-address.js';

/** How long a host may take to accept a connection before the next one is tried. */
const CONNECT_WITHIN_MS = 2_000;

/**
 * The host of a listed address that accepts the session the address asks for, as libpq chooses
 * it: hosts in their order, a host that refuses or is read-only (for `read-write`) or a standby
 * (for `primary`) skipped. The last good host is tried first, so a pool's connections do not
 * probe the whole list each time; after a failover the list is probed again.
 */
function createHostChooser(address: DatabaseAddress) {
  let current: { host: string; port: number } | undefined;
  let probing: Promise<{ host: string; port: number }> | undefined;

  async function accepts(index: number): Promise<boolean> {
    const client = new pg.Client({ connectionString: address.hostUrls[index], connectionTimeoutMillis: CONNECT_WITHIN_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await acceptsSession(client, address);
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async function probe(): Promise<{ host: string; port: number }> {
    for (const [index, candidate] of address.hosts.entries()) {
      if (await accepts(index)) return candidate;
    }
    throw Object.assign(new Error(`no listed database host accepts a ${address.targetSessionAttrs} session`), { code: '08001' });
  }

  return {
    async host(): Promise<{ host: string; port: number }> {
      if (current) return current;
      probing ??= probe().finally(() => (probing = undefined));
      current = await probing;
      return current;
    },
    /** The host failed or no longer accepts the session: the next connection probes the list again. */
    forget(host: { host: string; port: number }): void {
      if (current?.host === host.host && current.port === host.port) current = undefined;
    },
  };
}

async function acceptsSession(client: pg.Client, address: DatabaseAddress): Promise<boolean> {
  if (address.targetSessionAttrs === 'any') return true;
  if (address.targetSessionAttrs === 'primary') {
    const { rows } = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    return !rows[0]!.standby;
  }
  const { rows } = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
  return rows[0]!.transaction_read_only === 'off';
}

type HostChooser = ReturnType<typeof createHostChooser>;

interface LeavingClient {
  leaving?: boolean;
}

/**
 * Ends a client marked as leaving as it is given back: the pool, seeing it ending, drops it
 * rather than keeping it idle (pg-pool checks that as it takes a client back).
 */
export function dropClientsThatLeft(pool: pg.Pool): void {
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if ((client as LeavingClient).leaving) void client.end().catch(() => undefined);
  });
}

/**
 * A driver client class for a pool whose address lists hosts: each new connection goes to the
 * chosen host and checks the session it gets, as libpq's `target_session_attrs` does. A connection
 * that fails makes the next probe the list again, so after a failover the pool finds the new primary
 * without a restart. (It sets the host the driver reads when it connects.)
 */
function multiHostClientClass(chooser: HostChooser, address: DatabaseAddress): typeof pg.Client {
  return class MultiHostClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void;
    override connect(callback?: (...args: never[]) => void): Promise<pg.Client> | void {
      const connecting = this.connectToChosenHost().then(() => this as pg.Client);
      if (!callback) return connecting;
      const answer = callback as (error: Error | null, client: pg.Client) => void;
      connecting.then(
        (client) => answer(null, client),
        (error: Error) => answer(error, this as pg.Client),
      );
    }

    /**
     * A server that answers a write with 25006 has turned read-only (a primary demoted while it
     * stayed up): the next connection probes the list again, and this one is marked to end when it
     * is given back (`dropClientsThatLeft`), so the pool does not hand it out again. It is not ended
     * at once: the statement's transaction still rolls back on it.
     */
    private leaveOnceReadOnly(chosen: { host: string; port: number }): void {
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      (this as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if ((error as { code?: unknown } | null)?.code !== '25006') return;
            chooser.forget(chosen);
            (this as LeavingClient).leaving = true;
          });
        }
        return result;
      };
    }

    private async connectToChosenHost(): Promise<void> {
      const chosen = await chooser.host();
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = chosen.host;
      self.port = chosen.port;
      self.connectionParameters.host = chosen.host;
      self.connectionParameters.port = chosen.port;
      try {
        await super.connect();
        if (address.targetSessionAttrs !== 'any') this.leaveOnceReadOnly(chosen);
        if (!(await acceptsSession(this as pg.Client, address))) {
          throw Object.assign(new Error(`the database at ${chosen.host}:${chosen.port} no longer accepts writes`), { code: '25006' });
        }
      } catch (error) {
        chooser.forget(chosen);
        await this.end().catch(() => undefined);
        throw error;
      }
    }
  };
}

/** One chooser per address, shared by every pool opened on it. */
const choosers = new Map<string, HostChooser>();

/**
 * How a pool reaches `url`: as the driver would for one host asking any session; through the
 * chooser above when hosts are listed or a kind of session is asked for.
 */
export function poolAddressOf(url: string): Pick<pg.PoolConfig, 'connectionString' | 'Client'> {
  const address = parseDatabaseAddress(url);
  if (address.hosts.length === 1 && address.targetSessionAttrs === 'any') return { connectionString: address.hostUrls[0] };
  let chooser = choosers.get(url);
  if (!chooser) {
    chooser = createHostChooser(address);
    choosers.set(url, chooser);
  }
  return { connectionString: address.hostUrls[0], Client: multiHostClientClass(chooser, address) };
}
