import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createTrustedDevicesRepository(db: Kysely<Database>) {
  return {
    async create(row: {
      userId: number;
      tokenHash: string;
      securityStamp: string;
      browserFamily: string;
      network: string;
      userAgent: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('trusted_devices')
        .values({
          user_id: row.userId,
          token_hash: row.tokenHash,
          security_stamp: row.securityStamp,
          browser_family: row.browserFamily,
          networks: [row.network],
          user_agent: row.userAgent,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /** This person's device of this token, while it has not expired. */
    findLive(userId: number, tokenHash: string, now: Date) {
      return db
        .selectFrom('trusted_devices')
        .selectAll()
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async markUsed(id: number, now: Date): Promise<void> {
      await db.updateTable('trusted_devices').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    listLive(userId: number, now: Date) {
      return db
        .selectFrom('trusted_devices')
        .select(['public_id', 'user_agent', 'networks', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .execute();
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('trusted_devices').where('id', '=', id).execute();
    },

    async deleteByTokenHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('trusted_devices').where('token_hash', '=', tokenHash).execute();
    },

    /** Removes the person's device this public id names; answers how many went (0 when it is not theirs). */
    async deleteByPublicId(userId: number, publicId: string): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('trusted_devices')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },

    async deleteAllForUser(userId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('trusted_devices').where('user_id', '=', userId).execute();
    },
  };
}
export type TrustedDevicesRepository = ReturnType<typeof createTrustedDevicesRepository>;
