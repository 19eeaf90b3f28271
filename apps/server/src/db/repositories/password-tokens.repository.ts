import type { Kysely } from 'kysely';
import type { Database, PasswordTokensTable } from '../types.js';

export function createPasswordTokensRepository(db: Kysely<Database>) {
  return {
    /** Stores a new token and makes the user's earlier unused ones useless. */
    async replace(
      row: { tokenHash: string; userId: number; purpose: PasswordTokensTable['purpose']; expiresAt: Date },
      trx: Kysely<Database> = db,
    ) {
      await trx
        .updateTable('password_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', row.userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_tokens')
        .values({ token_hash: row.tokenHash, user_id: row.userId, purpose: row.purpose, expires_at: row.expiresAt })
        .execute();
    },

    findUsable(tokenHash: string, now: Date) {
      return db
        .selectFrom('password_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Marks the token used; false when it was used meanwhile. */
    async markUsed(tokenHash: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable('password_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type PasswordTokensRepository = ReturnType<typeof createPasswordTokensRepository>;
