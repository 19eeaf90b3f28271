import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { openDatabase } from '../src/db/database.js';
import { insertApiKey } from '../src/db/seed/factories.js';
import { canMakeClusters, clustersFolder, makeReplica, removeClusters, type Cluster } from '../../../test-support/pg-cluster.js';
import { makePortalPrimary, PORTAL_DATABASE } from './cluster-fixture.js';
import { createDocumentsFixture, READER_OWNER, TYPES, type DocumentsFixture } from './documents-fixture.js';
import { makePdf, senderOf } from './ingestion-fixture.js';
import { createTestAppOn, type TestApp } from './test-app.js';

/** The longest the portal may answer 503 around a promotion. */
const OUTAGE_AT_MOST_MS = 10_000;

interface Answer {
  externalId: string;
  status: number;
  error?: string;
  at: number;
}

// On PostgreSQL only, with the server's own tools (CI's PostgreSQL step has both): the test makes a
// primary and its streaming replica, and points the portal at both through one multi-host address.
describe.skipIf(!process.env.TEST_DATABASE_URL || !canMakeClusters)('failover to a promoted replica', () => {
  let folder: string;
  let documentsDir: string;
  let primary: Cluster;
  let replica: Cluster;
  let t: TestApp;
  let fixture: DocumentsFixture;

  beforeAll(async () => {
    folder = await clustersFolder();
    documentsDir = await mkdtemp(path.join(os.tmpdir(), 'portal-failover-'));
    primary = await makePortalPrimary(folder);
    replica = await makeReplica(folder, primary);
    const url = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${replica.port}/${PORTAL_DATABASE}?target_session_attrs=read-write`;
    const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
    t = await createTestAppOn({ database, drop: () => database.close() }, { DOCUMENTS_DIR: documentsDir });
    fixture = await createDocumentsFixture(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await removeClusters(folder, [primary, replica].filter(Boolean));
    await rm(documentsDir, { recursive: true, force: true });
  });

  it('answers 503 for a few seconds while the replica is promoted, then writes to it without a restart, losing nothing', async () => {
    const { client_id: clientId } = await t.database.db
      .selectFrom('report_definitions')
      .select('client_id')
      .where('id', '=', fixture.reportIds[TYPES.statements.code]!)
      .executeTakeFirstOrThrow();
    const sender = senderOf(t, (await insertApiKey(t.database.db, { clientId })).secret);
    const file = await makePdf('failover');
    const answers: Answer[] = [];
    let promotedAt = 0;

    // A back office keeps sending documents, one after the other, through the promotion.
    const send = async (externalId: string) => {
      const response = await sender.send(
        TYPES.statements.code,
        externalId,
        {
          documentDate: '2026-11-20',
          attributes: { accountNumber: READER_OWNER.number, postalCode: READER_OWNER.postalCode, closingBalance: '1.00' },
        },
        file,
      );
      const error = response.statusCode >= 400 ? (response.json() as { error?: string }).error : undefined;
      answers.push({ externalId, status: response.statusCode, error, at: Date.now() });
    };
    let next = 0;
    const sending = (async () => {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        await send(`failover-${next++}`);
        const servedSincePromotion = answers.filter((answer) => promotedAt && answer.at > promotedAt && answer.status < 300);
        if (servedSincePromotion.length >= 5) return;
      }
    })();

    while (answers.filter((answer) => answer.status < 300).length < 5) await new Promise((resolve) => setTimeout(resolve, 50));
    // A switchover: the primary shuts down (sending the replica all it wrote), the replica is promoted.
    await primary.stop('fast');
    await replica.promote();
    promotedAt = Date.now();
    await sending;

    const refused = answers.filter((answer) => answer.status >= 300);
    expect(refused.every((answer) => answer.status === 503 && answer.error === ERROR_KEYS.databaseUnavailable)).toBe(true);
    const firstRefused = refused[0]?.at ?? promotedAt;
    const servedAgain = answers.find((answer) => answer.at > promotedAt && answer.status < 300)!;
    expect(servedAgain.at - firstRefused).toBeLessThan(OUTAGE_AT_MOST_MS);

    // Every document the portal said it took, before and after, is on the new primary.
    const stored = await replica.query<{ external_id: string }>(
      `SELECT external_id FROM documents WHERE external_id LIKE 'failover-%'`,
      [],
      PORTAL_DATABASE,
    );
    const storedIds = new Set(stored.map((row) => row.external_id));
    const accepted = answers.filter((answer) => answer.status < 300).map((answer) => answer.externalId);
    expect(accepted.filter((externalId) => !storedIds.has(externalId))).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(10);

    // Reads and sign-in state move over too: the reader's documents list answers from the new primary.
    const types = await sender.types();
    expect(types.statusCode).toBe(200);
  }, 90_000);
});
