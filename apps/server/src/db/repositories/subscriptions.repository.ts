import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

/** One proven attribute of a subscription: which attribute, and the value read on the person's document. */
export interface ProvenValue {
  attributeId: number;
  name: string;
  value: string;
}

/** The document types a client offers for subscription, and what proves the right to each. */
export function createSubscriptionsRepository(db: Kysely<Database>) {
  return {
    /**
     * The client's types open to onboarding that have at least one attribute identifying the
     * owner of a document, with those attributes, in display order.
     */
    async offeredReports(clientId: number, trx: Kysely<Database> = db) {
      const rows = await trx
        .selectFrom('report_definitions as r')
        .innerJoin('report_attributes as a', 'a.report_id', 'r.id')
        .select([
          'r.id as report_id',
          'r.title_en',
          'r.title_fr',
          'a.id as attribute_id',
          'a.name',
          'a.display_name_en',
          'a.display_name_fr',
          'a.description_en',
          'a.description_fr',
        ])
        .where('r.client_id', '=', clientId)
        .where('r.onboarding_enabled', '=', true)
        .where('a.identifies_owner', '=', true)
        .orderBy('r.position')
        .orderBy('r.id')
        .orderBy('a.position')
        .orderBy('a.id')
        .execute();
      const reports = new Map<number, { id: number; title_en: string; title_fr: string; attributes: typeof rows }>();
      for (const row of rows) {
        const report = reports.get(row.report_id) ?? { id: row.report_id, title_en: row.title_en, title_fr: row.title_fr, attributes: [] };
        report.attributes.push(row);
        reports.set(row.report_id, report);
      }
      return [...reports.values()];
    },

    /** Whether any document of the type carries exactly these values (answered by the JSONB GIN index). */
    async documentsCarry(reportId: number, values: ProvenValue[], trx: Kysely<Database> = db): Promise<boolean> {
      const wanted = JSON.stringify(Object.fromEntries(values.map((v) => [v.name, v.value])));
      const found = await trx
        .selectFrom('documents')
        .select('id')
        .where('report_id', '=', reportId)
        .where(sql<boolean>`attributes @> ${wanted}::jsonb`)
        .limit(1)
        .executeTakeFirst();
      return found !== undefined;
    },

    /**
     * How many other live users already see these documents: a criteria group of theirs on the
     * type whose every criterion is one of these values. Candidate groups come from the
     * (attribute, value) index; each is then checked whole.
     */
    async countOtherHolders(reportId: number, values: ProvenValue[], exceptUserId: number | null, trx: Kysely<Database> = db) {
      const pairs = sql.join(values.map((v) => sql`(${v.attributeId}::integer, ${v.value}::text)`));
      const row = await sql<{ holders: string }>`
        WITH candidates AS (
          SELECT DISTINCT c.access_id, c.group_number
          FROM access_criteria c
          WHERE (c.attribute_id, c.value) IN (${pairs})
        )
        SELECT count(DISTINCT a.user_id) AS holders
        FROM candidates g
        JOIN report_access a ON a.id = g.access_id
        JOIN users u ON u.id = a.user_id
        WHERE a.report_id = ${reportId}
          AND a.has_access
          AND u.deleted_at IS NULL
          AND (${exceptUserId}::integer IS NULL OR a.user_id <> ${exceptUserId}::integer)
          AND NOT EXISTS (
            SELECT 1 FROM access_criteria x
            WHERE x.access_id = g.access_id AND x.group_number = g.group_number
              AND (x.attribute_id, x.value) NOT IN (${pairs})
          )`.execute(trx);
      return Number(row.rows[0]?.holders ?? 0);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
/** A document type offered for subscription, with the attributes that identify the owner of its documents. */
export type OfferedReport = Awaited<ReturnType<SubscriptionsRepository['offeredReports']>>[number];
