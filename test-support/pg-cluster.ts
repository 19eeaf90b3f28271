import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * PostgreSQL clusters of a test's own, made with the server's own tools (initdb, pg_ctl,
 * pg_basebackup) in folders of their own on free loopback ports: a primary, its streaming
 * replicas, a base backup restored to a point in time. They never touch the server on 5432.
 */

/** Where Debian's PostgreSQL puts its server tools (PG_BIN says otherwise). */
export const POSTGRES_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether this machine can make clusters: the tools are there (the tests that need them say so when not). */
export const canMakeClusters = existsSync(path.join(POSTGRES_BIN, 'initdb'));

export interface Cluster {
  dir: string;
  port: number;
  url(database?: string): string;
  query<Row = Record<string, unknown>>(statement: string, values?: unknown[], database?: string): Promise<Row[]>;
  start(): Promise<void>;
  /** `fast` ends sessions and shuts down cleanly; `immediate` is a crash, as a machine lost. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  promote(): Promise<void>;
  /** Appends lines to postgresql.conf (read at the next start). */
  configure(lines: string[]): Promise<void>;
}

// The server refuses to run as root: as root, its tools run as the postgres account, which owns the folders.
const asServerAccount = process.getuid?.() === 0;

async function tool(name: string, args: string[]): Promise<string> {
  const binary = path.join(POSTGRES_BIN, name);
  const [command, commandArgs] = asServerAccount ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  const { stdout } = await run(command, commandArgs, { maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function ownedFolder(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (asServerAccount) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(folder, 0o700);
  return folder;
}

/** Clusters made in the same millisecond (restores run side by side) still get folders of their own. */
let clustersMade = 0;
const clusterFolder = (folder: string, kind: string) => path.join(folder, `${kind}-${Date.now()}-${++clustersMade}`);

/** A folder for a test's clusters, removed by `removeClusters`. */
export async function clustersFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-clusters-'));
  await chmod(folder, 0o755);
  return folder;
}

export async function removeClusters(folder: string, clusters: Cluster[]): Promise<void> {
  await Promise.allSettled(clusters.map((cluster) => cluster.stop('immediate')));
  await rm(folder, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function clusterAt(dir: string, port: number): Cluster {
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const cluster: Cluster = {
    dir,
    port,
    url,
    async query(statement, values = [], database = 'postgres') {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(statement, values)).rows;
      } finally {
        await client.end();
      }
    },
    async start() {
      await tool('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      if (!existsSync(path.join(dir, 'postmaster.pid'))) return;
      await tool('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async promote() {
      await tool('pg_ctl', ['-D', dir, '-w', '-t', '60', 'promote']);
    },
    async configure(lines) {
      await appendFile(path.join(dir, 'postgresql.conf'), `${lines.join('\n')}\n`);
    },
  };
  return cluster;
}

/** Settings of every cluster made here: loopback only, its socket in its own folder, and no waiting on the disk (a test's data). */
function baseSettings(dir: string, port: number): string[] {
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 60',
    'shared_buffers = 32MB',
  ];
}

/** A new primary, started, that streams its changes to replicas (and archives its WAL when `archiveTo` is given). */
export async function makePrimary(folder: string, options: { archiveTo?: string } = {}): Promise<Cluster> {
  const dir = await ownedFolder(clusterFolder(folder, 'primary'));
  const port = await freePort();
  await tool('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const cluster = clusterAt(dir, port);
  const archiving = options.archiveTo
    ? ['archive_mode = on', `archive_command = 'cp %p ${await ownedFolder(options.archiveTo)}/%f'`, 'archive_timeout = 1']
    : [];
  await cluster.configure([...baseSettings(dir, port), 'wal_level = replica', 'max_wal_senders = 8', 'hot_standby = on', ...archiving]);
  await appendFile(path.join(dir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  await cluster.start();
  return cluster;
}

/**
 * A base backup starts with a checkpoint, spread by default over most of `checkpoint_timeout`
 * (minutes) so as not to burden a busy server: a test's backup asks for it at once.
 */
const IMMEDIATE_CHECKPOINT = ['--checkpoint', 'fast'];

/** pg_basebackup of `primary` into `dir`, WAL streamed beside it, with a fast checkpoint; `extra` adds options. */
function baseBackupInto(primary: Cluster, dir: string, extra: string[] = []): Promise<string> {
  const source = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
  return tool('pg_basebackup', [...source, '-D', dir, '-X', 'stream', '--no-sync', ...IMMEDIATE_CHECKPOINT, ...extra]);
}

/** A streaming replica of `primary` (pg_basebackup -R), started on a port of its own. */
export async function makeReplica(folder: string, primary: Cluster): Promise<Cluster> {
  const dir = await ownedFolder(clusterFolder(folder, 'replica'));
  const port = await freePort();
  await baseBackupInto(primary, dir, ['-R']);
  const cluster = clusterAt(dir, port);
  await cluster.configure([...baseSettings(dir, port), 'hot_standby = on']);
  await cluster.start();
  return cluster;
}

/** A base backup of `primary` into a folder (tar-free, as `pg_basebackup -D` writes it), for restoring later. */
export async function takeBaseBackup(folder: string, primary: Cluster): Promise<string> {
  const dir = await ownedFolder(clusterFolder(folder, 'base-backup'));
  await baseBackupInto(primary, dir);
  return dir;
}

/**
 * A new cluster from a base backup, replaying archived WAL up to `target` (a restore point's name
 * or a moment), then promoted: PostgreSQL's point-in-time recovery.
 */
export async function restoreToPoint(
  folder: string,
  baseBackup: string,
  archive: string,
  target: { name: string } | { time: string },
): Promise<Cluster> {
  const dir = await ownedFolder(clusterFolder(folder, 'restored'));
  await run('cp', ['-a', `${baseBackup}/.`, dir]);
  const port = await freePort();
  const cluster = clusterAt(dir, port);
  const targetSetting = 'name' in target ? `recovery_target_name = '${target.name}'` : `recovery_target_time = '${target.time}'`;
  await cluster.configure([
    ...baseSettings(dir, port),
    'archive_mode = off',
    `restore_command = 'cp ${archive}/%f %p'`,
    targetSetting,
    `recovery_target_action = 'promote'`,
  ]);
  await appendFile(path.join(dir, 'recovery.signal'), '');
  if (asServerAccount) await run('chown', ['-R', 'postgres:postgres', dir]);
  // A target the archive never reaches stops the server (FATAL), while starting or later: its log says why.
  await cluster.start().catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await logTail(cluster)}`);
  });
  await untilPromoted(cluster);
  return cluster;
}

async function logTail(cluster: Cluster): Promise<string> {
  const log = await readFile(path.join(cluster.dir, 'server.log'), 'utf8').catch(() => '');
  return log.split('\n').slice(-15).join('\n');
}

/**
 * `pg_ctl start -w` returns as soon as the server takes connections, and with `hot_standby` (which
 * the primary's settings carry into its base backup) it takes them once the backup is consistent,
 * read-only, while the archive is still being replayed: what it answers then is not yet the point
 * asked for. The restore is done once the server has promoted itself at the target.
 */
async function untilPromoted(cluster: Cluster, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await cluster
      .query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering')
      .catch(() => [{ recovering: true }]);
    if (!row?.recovering) return;
    const stopped = !existsSync(path.join(cluster.dir, 'postmaster.pid'));
    if (stopped || Date.now() > deadline) {
      // The caller never gets this cluster to remove: it is stopped here.
      await cluster.stop('immediate').catch(() => undefined);
      throw new Error(`the restored cluster did not reach its target:\n${await logTail(cluster)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
