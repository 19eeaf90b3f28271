import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

/** A user's access to one document type: whether given, and its criteria groups (attribute id → value). */
export interface StoredAccess {
  hasAccess: boolean;
  groups: Map<number, string>[];
}

/** The access a USER was given per document type, as administrators edit it. */
export function createReportAccessRepository(db: Kysely<Database>) {
  return {
    /** The document types of a client with the attributes a criterion may use, in display order. */
    async reportsWithAttributes(clientId: number, trx: Kysely<Database> = db) {
      const reports = await trx
        .selectFrom('report_definitions')
        .select(['id', 'title_en', 'title_fr'])
        .where('client_id', '=', clientId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (reports.length === 0) return [];
      const attributes = await trx
        .selectFrom('report_attributes')
        .select(['id', 'report_id', 'display_name_en', 'display_name_fr'])
        .where(
          'report_id',
          'in',
          reports.map((report) => report.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute();
      return reports.map((report) => ({ ...report, attributes: attributes.filter((attribute) => attribute.report_id === report.id) }));
    },

    /** The stored access of a user per document type id; types never given are absent. */
    async accessOf(userId: number, trx: Kysely<Database> = db): Promise<Map<number, StoredAccess>> {
      const rows = await trx
        .selectFrom('report_access as a')
        .leftJoin('access_criteria as c', 'c.access_id', 'a.id')
        .select(['a.report_id', 'a.has_access', 'c.group_number', 'c.attribute_id', 'c.value'])
        .where('a.user_id', '=', userId)
        .orderBy('a.report_id')
        .orderBy('c.group_number')
        .orderBy('c.id')
        .execute();
      const byReport = new Map<number, { hasAccess: boolean; groups: Map<number, Map<number, string>> }>();
      for (const row of rows) {
        const access = byReport.get(row.report_id) ?? { hasAccess: row.has_access, groups: new Map() };
        byReport.set(row.report_id, access);
        if (row.group_number === null || row.attribute_id === null || row.value === null) continue;
        const group = access.groups.get(row.group_number) ?? new Map<number, string>();
        group.set(row.attribute_id, row.value);
        access.groups.set(row.group_number, group);
      }
      return new Map(
        [...byReport].map(([reportId, access]) => [reportId, { hasAccess: access.hasAccess, groups: [...access.groups.values()] }]),
      );
    },

    /** Replaces the user's access to one type: the flag, and every criterion, groups numbered from 0. */
    async replace(userId: number, reportId: number, access: StoredAccess, trx: Kysely<Database>): Promise<void> {
      const { id: accessId } = await trx
        .insertInto('report_access')
        .values({ user_id: userId, report_id: reportId, has_access: access.hasAccess, updated_at: new Date() })
        .onConflict((oc) => oc.columns(['user_id', 'report_id']).doUpdateSet({ has_access: access.hasAccess, updated_at: new Date() }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('access_criteria').where('access_id', '=', accessId).execute();
      const criteria = access.groups.flatMap((group, groupNumber) =>
        [...group].map(([attributeId, value]) => ({ access_id: accessId, group_number: groupNumber, attribute_id: attributeId, value })),
      );
      if (criteria.length > 0) await trx.insertInto('access_criteria').values(criteria).execute();
    },
  };
}
export type ReportAccessRepository = ReturnType<typeof createReportAccessRepository>;
/** A document type of the client with the attributes a criterion may use. */
export type ReportWithAttributes = Awaited<ReturnType<ReportAccessRepository['reportsWithAttributes']>>[number];
