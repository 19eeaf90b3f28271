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
        expiresAt: Date;
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
          ip: row.ip,
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

    /** Ends every session of the user, or every one but the session given. */
    async deleteAllForUser(userId: number, exceptIdHash?: string, trx: Kysely<Database> = db): Promise<void> {
      let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptIdHash) query = query.where('id_hash', '<>', exceptIdHash);
      await query.execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
