import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createSessionsRepository(db: Kysely<Database>) {
  return {
    async create(
      row: {
        idHash: string;
        userId: number;
        mfaPending: boolean;
        language: string;
        deviceId: string | null;
        ip: string | null;
        userAgent: string | null;
        expiresAt: Date;
        /** The identity provider connection that signed the person in, if one did, and a SAML provider's names for its single logout. */
        identityConnectionId?: number | null;
        identityNameId?: string | null;
        identityNameIdFormat?: string | null;
        identitySessionIndex?: string | null;
      },
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx
        .insertInto('sessions')
        .values({
          id_hash: row.idHash,
          user_id: row.userId,
          mfa_pending: row.mfaPending,
          language: row.language,
          device_id: row.deviceId,
          identity_connection_id: row.identityConnectionId ?? null,
          identity_name_id: row.identityNameId ?? null,
          identity_name_id_format: row.identityNameIdFormat ?? null,
          identity_session_index: row.identitySessionIndex ?? null,
          ip: row.ip,
          user_agent: row.userAgent,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    async touch(idHash: string): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id_hash', '=', idHash).execute();
    },

    async setLanguage(idHash: string, language: string): Promise<void> {
      await db.updateTable('sessions').set({ language }).where('id_hash', '=', idHash).execute();
    },

    async delete(idHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    /** Ends a session; answers the identity provider connection that had opened it, if one had. */
    async end(idHash: string) {
      return db
        .deleteFrom('sessions')
        .where('id_hash', '=', idHash)
        .returning(['identity_connection_id', 'identity_name_id', 'identity_name_id_format', 'identity_session_index'])
        .executeTakeFirst();
    },

    /** Ends every session of the user, or every one but the session given; answers how many ended. */
    async deleteAllForUser(userId: number, exceptIdHash?: string, trx: Kysely<Database> = db): Promise<number> {
      let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptIdHash) query = query.where('id_hash', '<>', exceptIdHash);
      const { numDeletedRows } = await query.executeTakeFirst();
      return Number(numDeletedRows);
    },

    /** The user's signed-in sessions still in use (past the code step, neither expired nor idle too long), most recently active first. */
    listActiveForUser(userId: number, idleSince: Date, now: Date) {
      return (
        db
          .selectFrom('sessions')
          .select(['id_hash', 'public_id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
          .where('user_id', '=', userId)
          .where('mfa_pending', '=', false)
          // A customer view is staff's session, not the customer's: their sign-in history lists it instead.
          .where('customer_view_id', 'is', null)
          .where('expires_at', '>', now)
          .where('last_seen_at', '>', idleSince)
          .orderBy('last_seen_at', 'desc')
          .execute()
      );
    },

    /** Ends the user's session that this public id names; answers how many ended (0 when it is not theirs). */
    async deleteByPublicId(userId: number, publicId: string): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
