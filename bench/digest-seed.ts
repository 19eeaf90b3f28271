import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/types.js';
import { insertReportDefinition } from '../apps/server/src/db/seed/factories.js';

export const DIGEST_REPORT = 'BENCH-NOTICE';
const INSERT_BATCH = 250_000;

/**
 * The digest's data set: `documents` notices spread over `people` owners (a hundred each at ten
 * million over a hundred thousand), all older than the people's window, then `fresh` notices that
 * arrived within it for owners spread over the whole range; and `people` USERs who chose a daily
 * digest, each seeing its own owner's notices. Idempotent: a rerun adds what is missing.
 */
export async function seedDigestScale(db: Kysely<Database>, options: { documents: number; people: number; fresh: number }): Promise<void> {
  const client = await db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const experience = await db.selectFrom('experiences').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  let report = await db.selectFrom('report_definitions').select('id').where('code', '=', DIGEST_REPORT).executeTakeFirst();
  if (!report) {
    const created = await insertReportDefinition(db, {
      client_id: client.id,
      code: DIGEST_REPORT,
      title_en: 'Benchmark notices',
      title_fr: 'Avis de référence',
      position: 98,
      attributes: [
        { name: 'accountNumber', en: 'Account number', fr: 'Numéro de compte', identifiesOwner: true },
        { name: 'noticeNumber', en: 'Notice number', fr: 'Numéro d’avis' },
      ],
    });
    report = { id: created.reportId };
  }
  const { people } = options;
  const owner = (i: ReturnType<typeof sql>) => sql`'DG-' || lpad((${i} % ${people})::text, 7, '0')`;

  const count = async (condition: ReturnType<typeof sql>) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM documents WHERE report_id = ${report.id} AND ${condition}`.execute(db))
      .rows[0]!.n;
  const old = await count(sql`external_id LIKE 'old-%'`);
  for (let start = old; start < options.documents; start += INSERT_BATCH) {
    const end = Math.min(options.documents, start + INSERT_BATCH) - 1;
    await sql`
      INSERT INTO documents (report_id, document_date, attributes, file_key, page_count, external_id, created_at)
      SELECT ${report.id}, DATE '2016-01-01' + (i % 3650),
             jsonb_build_object('accountNumber', ${owner(sql`i`)}, 'noticeNumber', 'N-' || i::text),
             'bench/notice.pdf', 1, 'old-' || i::text, now() - INTERVAL '3 days'
        FROM generate_series(${start}::int, ${end}::int) AS i`.execute(db);
    console.log(`  notices: ${end + 1} of ${options.documents}`);
  }

  const existingPeople = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bench.digest.%'`.execute(db))
    .rows[0]!.n;
  if (existingPeople < people) {
    const attribute = await db
      .selectFrom('report_attributes')
      .select('id')
      .where('report_id', '=', report.id)
      .where('name', '=', 'accountNumber')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO users (username, first_name, last_name, email, role_code, client_id, experience_id, contact_language,
                         digest_frequency, digest_since)
      SELECT 'bench.digest.' || i, 'Reader', lpad(i::text, 7, '0'), 'bench.digest.' || i || '@example.com', 'USER',
             ${client.id}, ${experience.id}, CASE WHEN i % 2 = 0 THEN 'en' ELSE 'fr' END, 'daily', now() - INTERVAL '2 days'
        FROM generate_series(${existingPeople}::int, ${people - 1}::int) AS i`.execute(db);
    await sql`
      INSERT INTO report_access (user_id, report_id, has_access)
      SELECT id, ${report.id}, true FROM users WHERE username LIKE 'bench.digest.%'
      ON CONFLICT (user_id, report_id) DO NOTHING`.execute(db);
    await sql`
      INSERT INTO access_criteria (access_id, group_number, attribute_id, value)
      SELECT a.id, 0, ${attribute.id}, 'DG-' || lpad(substr(u.username, 14), 7, '0')
        FROM report_access a JOIN users u ON u.id = a.user_id
       WHERE a.report_id = ${report.id} AND u.username LIKE 'bench.digest.%'
      ON CONFLICT DO NOTHING`.execute(db);
  }
  // Each run starts from the same state: every reader's window opened two days ago, and the
  // fresh notices (made anew) arrived an hour ago.
  await sql`UPDATE users SET digest_frequency = 'daily', digest_since = now() - INTERVAL '2 days' WHERE username LIKE 'bench.digest.%'`.execute(
    db,
  );
  await sql`DELETE FROM documents WHERE report_id = ${report.id} AND external_id LIKE 'fresh-%'`.execute(db);
  await sql`
    INSERT INTO documents (report_id, document_date, attributes, file_key, page_count, external_id, created_at)
    SELECT ${report.id}, DATE '2026-11-01',
           jsonb_build_object('accountNumber', ${owner(sql`(i * 7919)`)}, 'noticeNumber', 'F-' || i::text),
           'bench/notice.pdf', 1, 'fresh-' || i::text, now() - INTERVAL '1 hour'
      FROM generate_series(0, ${options.fresh - 1}::int) AS i`.execute(db);
  await sql`VACUUM ANALYZE documents`.execute(db);
  await sql`VACUUM ANALYZE users`.execute(db);
  await sql`ANALYZE access_criteria`.execute(db);
  await sql`ANALYZE report_access`.execute(db);
}
