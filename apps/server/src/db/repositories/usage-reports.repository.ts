import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';
import { escapeLike } from './document-search-conditions.js';

/** Rows are read this many at a time, so a spreadsheet of a million sign-ins never sits in memory. */
export const USAGE_BATCH_SIZE = 5_000;

/** Whose activity a usage spreadsheet covers, and when: from included, to excluded. */
export interface UsageFilter {
  clientIds: number[];
  from: Date;
  to: Date;
  firstNameContains: string;
  lastNameContains: string;
  emailContains: string;
}

/** Accounts that existed at some moment of the range, or only those created in it. */
export type UserSelection = 'existing' | 'created';

/**
 * The password step of a sign-in that still owes its code is not a sign-in: the row written when the
 * code is accepted is. Attempts on unknown usernames have no account, so no client, and never show.
 */
const PASSWORD_STEP_REASON = 'password-accepted';

/** Conditions on the person, the same for every spreadsheet type: its client, and parts of its names and e-mail. */
function personConditions(filter: UsageFilter): RawBuilder<boolean>[] {
  if (filter.clientIds.length === 0) throw new Error('A usage spreadsheet covers at least one client');
  const conditions = [sql<boolean>`u.client_id IN (${sql.join(filter.clientIds)})`];
  const contains = (column: string, text: string) => sql<boolean>`${sql.ref(column)} ILIKE ${`%${escapeLike(text)}%`}`;
  if (filter.firstNameContains) conditions.push(contains('u.first_name', filter.firstNameContains));
  if (filter.lastNameContains) conditions.push(contains('u.last_name', filter.lastNameContains));
  if (filter.emailContains) conditions.push(contains('u.email', filter.emailContains));
  return conditions;
}

export function createUsageReportsRepository(db: Kysely<Database>) {
  /** A person with the names of its role (the client's own names first), client and division, in both languages. */
  const people = () =>
    db
      .selectFrom('users as u')
      .innerJoin('clients as c', 'c.id', 'u.client_id')
      .innerJoin('experiences as e', 'e.id', 'u.experience_id')
      .innerJoin('roles as r', 'r.code', 'u.role_code')
      .leftJoin('client_role_names as crn', (join) =>
        join.onRef('crn.client_id', '=', 'u.client_id').onRef('crn.role_code', '=', 'u.role_code'),
      )
      .select([
        'u.id as user_id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.email',
        sql<string>`coalesce(crn.name_en, r.name_en)`.as('role_en'),
        sql<string>`coalesce(crn.name_fr, r.name_fr)`.as('role_fr'),
        'c.name_en as client_en',
        'c.name_fr as client_fr',
        'e.name_en as division_en',
        'e.name_fr as division_fr',
      ]);

  return {
    /** Every client, or only one, by id. */
    listClients(onlyClientId: number | null) {
      let query = db.selectFrom('clients').select(['id', 'code', 'name_en', 'name_fr']).orderBy('id');
      if (onlyClientId !== null) query = query.where('id', '=', onlyClientId);
      return query.execute();
    },

    /** Which of these client ids exist. */
    async existingClientIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('clients').select('id').where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Sign-ins and failed attempts of the filtered people in the range, oldest first, a batch at a time.
     * Each batch first takes the next page of the log on its time index, whoever the rows belong to,
     * then joins that page's people and applies the filters: every page costs the same, so the whole
     * read is linear in the range's sign-ins. (Starting from a client's people instead would sort all
     * their remaining sign-ins again for every batch.) The keyset is (occurred_at, id), and the cursor
     * keeps the time as PostgreSQL's own text, exact to the microsecond: a JavaScript Date would round
     * it and repeat rows. A batch may hold fewer rows than the page, or none.
     */
    async *connectionBatches(filter: UsageFilter, batchSize = USAGE_BATCH_SIZE) {
      let cursor: { at: string; id: number } | null = null;
      for (;;) {
        let pageQuery = db
          .selectFrom('connection_log')
          .select(['id', sql<string>`occurred_at::text`.as('cursor_at')])
          .where('occurred_at', '>=', filter.from)
          .where('occurred_at', '<', filter.to);
        if (cursor) {
          const { at, id } = cursor;
          pageQuery = pageQuery.where(sql<boolean>`occurred_at >= ${at}::timestamptz AND (occurred_at > ${at}::timestamptz OR id > ${id})`);
        }
        const page = await pageQuery.orderBy('occurred_at').orderBy('id').limit(batchSize).execute();
        if (page.length === 0) return;

        // The page again, by its bounds: a list of its ids would cost more to send and to plan.
        const last = page[page.length - 1]!;
        let query = people()
          .innerJoin('connection_log as cl', 'cl.user_id', 'u.id')
          .select(['cl.id', 'cl.occurred_at', 'cl.succeeded', 'cl.reason', 'cl.device_id', 'cl.ip'])
          .where(sql<boolean>`cl.occurred_at >= ${page[0]!.cursor_at}::timestamptz AND cl.occurred_at <= ${last.cursor_at}::timestamptz`)
          .where(sql<boolean>`(cl.occurred_at < ${last.cursor_at}::timestamptz OR cl.id <= ${last.id})`)
          .where('cl.reason', '<>', PASSWORD_STEP_REASON);
        if (cursor) query = query.where(sql<boolean>`(cl.occurred_at > ${cursor.at}::timestamptz OR cl.id > ${cursor.id})`);
        for (const condition of personConditions(filter)) query = query.where(condition);
        const rows = await query.orderBy('cl.occurred_at').orderBy('cl.id').execute();
        if (rows.length > 0) yield rows;
        if (page.length < batchSize) return;
        cursor = { at: last.cursor_at, id: last.id };
      }
    },

    /** Accounts of the filtered people, by id (creation order), a batch at a time; keyset on the primary key. */
    async *userBatches(filter: UsageFilter, selection: UserSelection, batchSize = USAGE_BATCH_SIZE) {
      let afterId = 0;
      for (;;) {
        let query = people()
          .select(['u.contact_language', 'u.created_at', 'u.last_login_at', 'u.deleted_at'])
          .where('u.id', '>', afterId)
          .where('u.created_at', '<', filter.to);
        query =
          selection === 'created'
            ? query.where('u.created_at', '>=', filter.from)
            : query.where((eb) => eb.or([eb('u.deleted_at', 'is', null), eb('u.deleted_at', '>=', filter.from)]));
        for (const condition of personConditions(filter)) query = query.where(condition);
        const rows = await query.orderBy('u.id').limit(batchSize).execute();
        if (rows.length > 0) yield rows;
        if (rows.length < batchSize) return;
        afterId = rows[rows.length - 1]!.user_id;
      }
    },
  };
}
export type UsageReportsRepository = ReturnType<typeof createUsageReportsRepository>;

type BatchOf<G> = G extends AsyncGenerator<infer Batch> ? Batch : never;
export type ConnectionUsageRow = BatchOf<ReturnType<UsageReportsRepository['connectionBatches']>>[number];
export type UserUsageRow = BatchOf<ReturnType<UsageReportsRepository['userBatches']>>[number];
