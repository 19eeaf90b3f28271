import { execFile, execFileSync, spawn } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './pg-cluster.js';

const run = promisify(execFile);

/** Debian's PgBouncer (PGBOUNCER_PATH says otherwise): scripts/ensure-pgbouncer.mjs installs it when missing. */
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The pooler's address, with the server's user and no database: name one with the path. */
  url: string;
  /** What the pooler's configuration says, for the record of a run. */
  settings: string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free loopback port in front of `serverUrl`'s server (its
 * host, port and user; any database name is passed through, so each test file's own database is
 * reached through it). It runs in the foreground as a child of this process, from a folder of its
 * own, and is stopped by `stop`.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  execFileSync(process.execPath, [path.join(import.meta.dirname, '../scripts/ensure-pgbouncer.mjs')], { stdio: 'inherit' });
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-pgbouncer-'));
  const port = await freePort();
  const settings = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    // No socket file: the loopback port alone, so as not to meet the machine's own in /var/run.
    'unix_socket_dir =',
    // The server trusts loopback connections; PgBouncer still wants the user listed.
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    // Server connections per database and user: a test file's app has three pools (everyday
    // statements, bounded reads, the job queue's share of the first), up to four connections each.
    'default_pool_size = 8',
    'max_client_conn = 400',
    // Left empty on purpose: a connection that sends settings at its start (`options`) is refused,
    // not silently run without them, so the suites prove the portal sends none through the pooler.
    'ignore_startup_parameters =',
    // Its log goes to this process's standard error, kept to explain a failed start.
    'logfile =',
    'log_connections = 0',
    'log_disconnections = 0',
  ].join('\n');
  await writeFile(path.join(dir, 'pgbouncer.ini'), `${settings}\n`);
  await writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  // PgBouncer refuses to run as root: as root, it drops to the postgres account, which must read its folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    for (const file of [dir, path.join(dir, 'pgbouncer.ini'), path.join(dir, 'users.txt')]) await chown(file, Number(uid), Number(gid));
  }
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await untilServing(`${url}/${server.pathname.slice(1) || 'postgres'}`, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${log}`);
  }
  return { url, settings, stop };
}

/** Until a statement passes through the pooler to the server (a few tries a second, ten seconds at most). */
async function untilServing(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (exited() || Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
