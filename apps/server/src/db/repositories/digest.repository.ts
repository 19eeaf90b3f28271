import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';

export type DigestFrequencyValue = 'never' | 'daily' | 'weekly';

/** A person whose digest is due, with what its message needs. */
export interface DigestRecipient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  language: string;
  experienceId: number;
  digestSince: Date;
}

/** How many documents of one type arrived for one person in its window. */
export interface NewDocumentCount {
  userId: number;
  reportId: number;
  titleEn: string;
  titleFr: string;
  count: number;
}

export function createDigestRepository(db: Kysely<Database>) {
  /**
   * Per person and type of `typeCondition` (on report_definitions r), how many documents of one
   * of the person's criteria groups meet `documentCondition` (on documents d, criteria_groups cg).
   */
  async function countPerType(userIds: number[], typeCondition: RawBuilder<unknown>, documentCondition: RawBuilder<unknown>) {
    if (userIds.length === 0) return [];
    const result = await sql<{ user_id: number; report_id: number; title_en: string; title_fr: string; n: number }>`
      WITH grants AS MATERIALIZED (
        SELECT u.id AS user_id, u.digest_since, a.id AS access_id, a.report_id
        FROM users u
        JOIN report_access a ON a.user_id = u.id AND a.has_access
        JOIN report_definitions r ON r.id = a.report_id AND r.client_id = u.client_id
        WHERE u.id IN (${sql.join(userIds)}) AND ${typeCondition}
      ),
      criteria_groups AS MATERIALIZED (
        SELECT g.user_id, g.report_id, g.digest_since, jsonb_object_agg(ra.name, c.value) AS criteria
        FROM grants g
        JOIN access_criteria c ON c.access_id = g.access_id
        JOIN report_attributes ra ON ra.id = c.attribute_id
        GROUP BY g.user_id, g.report_id, g.digest_since, c.access_id, c.group_number
      )
      SELECT cg.user_id, cg.report_id, r.title_en, r.title_fr, count(DISTINCT d.id)::int AS n
      FROM criteria_groups cg
      JOIN report_definitions r ON r.id = cg.report_id
      CROSS JOIN LATERAL (
        SELECT d.id FROM documents d
        WHERE d.attributes @> cg.criteria
          AND d.report_id = cg.report_id
          AND ${documentCondition}
        OFFSET 0
      ) d
      GROUP BY cg.user_id, cg.report_id, r.title_en, r.title_fr, r.position
      ORDER BY cg.user_id, r.position, cg.report_id
    `.execute(db);
    return result.rows.map((row) => ({
      userId: row.user_id,
      reportId: row.report_id,
      titleEn: row.title_en,
      titleFr: row.title_fr,
      count: row.n,
    }));
  }

  return {
    /** The database's clock: windows are compared with created_at, which the database writes. */
    async currentTime(): Promise<Date> {
      const row = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
      return row.rows[0]!.now;
    },

    /**
     * The next live USERs of this frequency whose digest is due (their window began at or before
     * `dueBefore`), after the last one of the previous batch: in (digest_since, id) order, which
     * the partial digest index serves.
     */
    async dueRecipients(
      frequency: Exclude<DigestFrequencyValue, 'never'>,
      dueBefore: Date,
      after: { digestSince: Date; id: number } | null,
      limit: number,
    ): Promise<DigestRecipient[]> {
      let query = db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'contact_language', 'experience_id', 'digest_since'])
        .where('digest_frequency', '=', frequency)
        .where(sql<boolean>`digest_frequency <> 'never'`)
        .where('deleted_at', 'is', null)
        .where('role_code', '=', 'USER')
        .where('digest_since', '<=', dueBefore);
      if (after) {
        // The first condition lets the index start there; the second settles ties.
        query = query
          .where('digest_since', '>=', after.digestSince)
          .where(sql<boolean>`(digest_since, id) > (${after.digestSince}::timestamptz, ${after.id}::int)`);
      }
      const rows = await query.orderBy('digest_since').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        language: row.contact_language,
        experienceId: row.experience_id,
        digestSince: row.digest_since!,
      }));
    },

    /**
     * For each of these people and each type it may see, the documents that arrived in its window
     * (after its digest_since, up to `upTo`) and that it may see: types of its client given with
     * access, documents matching any of its criteria groups. One query for the whole batch, and a
     * document matching two groups is counted once. Types with nothing new are left out.
     *
     * Each group is looked up on its own (the lateral subquery, kept apart by OFFSET 0 and the
     * materialized CTEs): the GIN index on the attributes finds the group's documents and the
     * (created_at, report_id) index those of the window, and the two bitmaps are intersected.
     * Folded into one join, the planner (which cannot know how few documents a group matches)
     * read a whole type once per group: minutes per batch at a million documents, against
     * milliseconds this way.
     */
    async countNewDocuments(userIds: number[], upTo: Date): Promise<NewDocumentCount[]> {
      return countPerType(userIds, sql`true`, sql`d.created_at > cg.digest_since AND d.created_at <= ${upTo}::timestamptz`);
    },

    /**
     * Per person and type asking for read acknowledgements, how many documents the person sees
     * whose current version it has not confirmed: the digest's reminders.
     */
    countAwaitingAcknowledgement(userIds: number[]): Promise<NewDocumentCount[]> {
      return countPerType(
        userIds,
        sql`r.requires_acknowledgement`,
        sql`NOT EXISTS (SELECT 1 FROM access_evidence e
                         WHERE e.user_id = cg.user_id AND e.document_id = d.id AND e.document_version = d.version
                           AND e.action = 'acknowledge')`,
      );
    },

    /** Starts these people's next window at `to`. */
    async moveDigestSince(userIds: number[], to: Date, trx: Kysely<Database> = db): Promise<void> {
      if (userIds.length === 0) return;
      await trx.updateTable('users').set({ digest_since: to }).where('id', 'in', userIds).execute();
    },

    async frequencyOf(userId: number): Promise<DigestFrequencyValue> {
      const row = await db.selectFrom('users').select('digest_frequency').where('id', '=', userId).executeTakeFirstOrThrow();
      return row.digest_frequency;
    },

    /**
     * Saves a person's choice and answers the one it replaces. Leaving 'never' starts the window
     * now, so that the first digest tells only of what arrives from then on.
     */
    async saveFrequency(userId: number, frequency: DigestFrequencyValue, trx: Kysely<Database> = db): Promise<DigestFrequencyValue> {
      const before = await trx
        .selectFrom('users')
        .select(['digest_frequency', 'digest_since'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const starts = frequency !== 'never' && (before.digest_frequency === 'never' || before.digest_since === null);
      await trx
        .updateTable('users')
        .set({ digest_frequency: frequency, ...(starts && { digest_since: sql<Date>`now()` }) })
        .where('id', '=', userId)
        .execute();
      return before.digest_frequency;
    },

    /** Stops a person's digest; answers whether it was on. */
    async stopDigest(userId: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ digest_frequency: 'never' })
        .where('id', '=', userId)
        .where('digest_frequency', '<>', 'never')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type DigestRepository = ReturnType<typeof createDigestRepository>;
