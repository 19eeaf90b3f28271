import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createTransact } from '../src/db/transact.js';
import { createAccessEvidenceService } from '../src/services/access-evidence.service.js';
import { openTestDatabase } from './test-app.js';
import { withDatabase } from './global-setup.js';

const COMMAND = path.resolve(import.meta.dirname, '../src/jobs/evidence-verify-cli.ts');

/**
 * A database the command can open by its own configuration, as an operator runs it: a PostgreSQL
 * database of its own, or an embedded one in a data folder (which one process opens at a time:
 * the test closes its handle before each run).
 */
interface CommandDatabase {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

async function commandDatabase(): Promise<CommandDatabase> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const { database, drop, postgresName } = await openTestDatabase();
    await database.close();
    const url = withDatabase(postgresUrl, postgresName!);
    return { env: { DATABASE_URL: url }, open: () => openDatabase({ kind: 'postgres', url }), drop };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-evidence-'));
  const dbDir = path.join(dataDir, 'db');
  const seeded = await openDatabase({ kind: 'pglite', dataDir: dbDir, loadDataDir: new Blob([await readFile(inject('pgliteDump'))]) });
  await seeded.close();
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir: dbDir }),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

function runCommand(env: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', COMMAND], { env: { ...inherited, ...env }, encoding: 'utf8', timeout: 60_000 });
}

async function withDatabaseOpen<T>(target: CommandDatabase, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await target.open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

describe('npm run evidence:verify', () => {
  let target: CommandDatabase;
  let client: number;
  beforeAll(async () => {
    target = await commandDatabase();
    client = await withDatabaseOpen(target, async ({ db }) => {
      const documents = await db
        .selectFrom('documents')
        .innerJoin('report_definitions as r', 'r.id', 'documents.report_id')
        .select(['documents.id', 'r.client_id'])
        .orderBy('documents.id')
        .limit(3)
        .execute();
      const user = await db.selectFrom('users').select(['id', 'username']).orderBy('id').executeTakeFirstOrThrow();
      const evidence = createAccessEvidenceRepository(db);
      for (const document of documents) {
        await evidence.recordOpening({
          userId: user.id,
          username: user.username,
          documentIds: [document.id],
          action: 'download',
          address: '192.0.2.10',
          userAgent: null,
        });
      }
      await createAccessEvidenceService({ evidence, transact: createTransact(db) }).chainPending();
      return documents[0]!.client_id;
    });
  });
  afterAll(() => target.drop());

  it('reports each chain whole and exits 0', () => {
    const run = runCommand(target.env);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`client ${client}: 3 events hold; last hash [0-9a-f]{64}`));
    expect(run.stdout).toContain('Every chain holds.');
  });

  it('names the event a superuser changed and exits 1', async () => {
    await withDatabaseOpen(target, ({ db }) =>
      db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE access_evidence SET address = '198.51.100.7' WHERE client_id = ${client} AND seq = 2`.execute(trx);
      }),
    );
    const run = runCommand(target.env);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`Broken: client ${client}, event 2 does not match its own facts`);
  });
});
