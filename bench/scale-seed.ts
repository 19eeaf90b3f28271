import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/types.js';
import { grantReportAccess, insertReportDefinition, insertUser } from '../apps/server/src/db/seed/factories.js';
import { hashPassword } from '../apps/server/src/services/passwords.js';
import { createDocumentsRepository } from '../apps/server/src/db/repositories/documents.repository.js';
import { restoreAfterBulkLoad, setIndexesAside } from './bulk-load.js';

export const BENCH_REPORT = 'BENCH-STMT';
/** Documents share this many owners; the restricted user is one of them. */
export const BENCH_OWNERS = 1_000;
export const RESTRICTED_OWNER = 'BA-000042';
/** Signs in as a super user to export usage spreadsheets. */
export const BENCH_SUPER = 'bench.super';
/** Seeded sign-ins start here, one every SIGN_IN_SPACING_SECONDS: a three-month range holds about 1.1 million. */
export const BENCH_SIGN_INS_FROM = '2026-01-01';
const SIGN_IN_SPACING_SECONDS = 7;
const SIGN_IN_DEVICE = 'bench-device';
const INSERT_BATCH = 250_000;

/**
 * A document type with `count` documents of BENCH_OWNERS owners over ten years, whose rows
 * point at a small pool of real PDFs, and two people: one who sees one owner's documents
 * (about count / BENCH_OWNERS), and staff who see the whole type. Idempotent.
 */
export async function seedScale(db: Kysely<Database>, count: number, pdfPool: string[]): Promise<void> {
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const experience = await db.selectFrom('experiences').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  let report = await db.selectFrom('report_definitions').select('id').where('code', '=', BENCH_REPORT).executeTakeFirst();
  if (!report) {
    const created = await insertReportDefinition(db, {
      client_id: client.id,
      code: BENCH_REPORT,
      title_en: 'Benchmark statements',
      title_fr: 'Relevés de référence',
      position: 99,
      attributes: [
        { name: 'accountNumber', en: 'Account number', fr: 'Numéro de compte', identifiesOwner: true },
        { name: 'postalCode', en: 'Postal code', fr: 'Code postal', identifiesOwner: true, showInColumn: false },
        { name: 'closingBalance', en: 'Closing balance', fr: 'Solde de clôture' },
      ],
    });
    report = { id: created.reportId };
  }
  await restoreAfterBulkLoad(db);
  // A database seeded by an earlier version may lack the sort indexes; creating them is idempotent.
  const documents = createDocumentsRepository(db);
  for (const attribute of ['accountNumber', 'closingBalance']) {
    await documents.ensureSortIndex(attribute);
    await documents.ensureSearchIndexes(attribute);
  }
  const existing = await db
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('report_id', '=', report.id)
    .executeTakeFirstOrThrow();
  if (existing.n < count) await loadDocuments(db, report.id, existing.n, count, pdfPool);
  await sql`VACUUM ANALYZE documents`.execute(db);
  // The owner keys the triggers wrote, counted and marked all-visible so their counts read the index alone.
  await sql`VACUUM ANALYZE document_owner_keys`.execute(db);

  const passwordHash = await hashPassword('Portal#2026');
  const attributeIds = Object.fromEntries(
    (await db.selectFrom('report_attributes').select(['id', 'name']).where('report_id', '=', report.id).execute()).map((row) => [
      row.name,
      row.id,
    ]),
  );
  for (const [username, role] of [
    ['bench.user', 'USER'],
    [BENCH_FEW_USER, 'USER'],
    [BENCH_TWO_OWNERS_USER, 'USER'],
    ['bench.staff', 'ADMIN'],
    [BENCH_SUPER, 'SUPER_USER'],
  ] as const) {
    const found = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (found) continue;
    const userId = await insertUser(db, {
      username,
      role_code: role,
      client_id: client.id,
      experience_id: experience.id,
      password_hash: passwordHash,
      mfa_active: false,
    });
    if (role === 'USER') {
      const groups = benchGroups(username).map((group) =>
        Object.fromEntries(Object.entries(group).map(([name, value]) => [attributeIds[name]!, value])),
      );
      await grantReportAccess(db, userId, report.id, groups);
    }
  }
}

/**
 * Documents `start` to `count - 1` of the bench type, in order, their ids from the identity as they
 * come (a rerun continues where the last stopped). When they outnumber the documents already
 * stored, the secondary indexes (about sixty, for every attribute of every type) are set aside
 * and built once at the end: kept up row by row they cost several times the load itself.
 */
async function loadDocuments(db: Kysely<Database>, reportId: number, start: number, count: number, pdfPool: string[]) {
  const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents`.execute(db);
  if (count - start >= stored.rows[0]!.n) await setIndexesAside(db, 'documents');
  const pool = sql.val(pdfPool);
  try {
    await db.connection().execute(async (connection) => {
      // A batch lost in a crash is one the rerun loads again.
      await sql`SET synchronous_commit = off`.execute(connection);
      for (let from = start; from < count; from += INSERT_BATCH) {
        const end = Math.min(count, from + INSERT_BATCH) - 1;
        await sql`
        INSERT INTO documents (report_id, document_date, attributes, file_key, page_count)
        SELECT ${reportId}, DATE '2016-01-01' + (i % 3650),
               jsonb_build_object(
                 'accountNumber', 'BA-' || lpad((i % ${BENCH_OWNERS})::text, 6, '0'),
                 'postalCode', 'H' || (i % 10)::text || 'X ' || (i % 7)::text || 'Y' || (i % 9)::text,
                 'closingBalance', to_char(((i::bigint * 7919) % 1000000) / 100.0, 'FM999990.00')),
               (${pool}::text[])[1 + i % cardinality(${pool}::text[])], 1 + i % 3
          FROM generate_series(${from}::int, ${end}::int) AS i`.execute(connection);
        console.log(`  documents: ${end + 1} of ${count}`);
      }
      await sql`RESET synchronous_commit`.execute(connection);
    });
  } finally {
    await restoreAfterBulkLoad(db);
  }
}

/** Holds about a hundred and sixty documents: one owner's, at one of its postal codes. */
export const BENCH_FEW_USER = 'bench.user.few';
/** Holds two owners' documents, through two criteria groups. */
export const BENCH_TWO_OWNERS_USER = 'bench.user.two';

/** The criteria groups of each restricted person of the scale data set, by attribute name. */
export function benchGroups(username: string): Record<string, string>[] {
  if (username === BENCH_FEW_USER) return [{ accountNumber: RESTRICTED_OWNER, postalCode: 'H2X 0Y0' }];
  if (username === BENCH_TWO_OWNERS_USER) return [{ accountNumber: RESTRICTED_OWNER }, { accountNumber: 'BA-000777' }];
  return [{ accountNumber: RESTRICTED_OWNER }];
}

/**
 * `count` sign-ins spread over the client NBF's people, one every few seconds from
 * BENCH_SIGN_INS_FROM, a tenth of them wrong passwords. Marked by their device, so a rerun adds
 * only what is missing.
 */
export async function seedSignIns(db: Kysely<Database>, count: number): Promise<void> {
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const people = (await db.selectFrom('users').select('id').where('client_id', '=', client.id).orderBy('id').execute()).map(
    (row) => row.id,
  );
  const existing = await db
    .selectFrom('connection_log')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('device_id', '=', SIGN_IN_DEVICE)
    .executeTakeFirstOrThrow();
  const ids = sql.val(people);
  for (let start = existing.n; start < count; start += INSERT_BATCH) {
    const end = Math.min(count, start + INSERT_BATCH) - 1;
    await sql`
      INSERT INTO connection_log (occurred_at, user_id, username_attempted, succeeded, reason, device_id, ip)
      SELECT ${BENCH_SIGN_INS_FROM}::timestamptz + i * ${SIGN_IN_SPACING_SECONDS} * INTERVAL '1 second',
             (${ids}::int[])[1 + i % cardinality(${ids}::int[])], 'bench', i % 10 <> 0,
             CASE WHEN i % 10 = 0 THEN 'wrong-password' ELSE 'signed-in' END, ${SIGN_IN_DEVICE}, '10.0.0.' || (i % 250)::text
        FROM generate_series(${start}::int, ${end}::int) AS i`.execute(db);
    console.log(`  sign-ins: ${end + 1} of ${count}`);
  }
  await sql`VACUUM ANALYZE connection_log`.execute(db);
}
