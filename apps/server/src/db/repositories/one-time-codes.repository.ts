import { sql, type Kysely } from 'kysely';
import type { Database, OneTimeCodesTable } from '../types.js';

export type CodePurpose = OneTimeCodesTable['purpose'];

/** Codes of one chain: the same purpose for the same user, or for the same target when there is no user yet. */
export interface CodeOwner {
  purpose: CodePurpose;
  userId: number | null;
  target: string;
}

export function createOneTimeCodesRepository(db: Kysely<Database>) {
  const ofOwner = (owner: CodeOwner) => {
    let query = db.selectFrom('one_time_codes').selectAll().where('purpose', '=', owner.purpose);
    query =
      owner.userId === null
        ? query.where('user_id', 'is', null).where(sql<string>`lower(target)`, '=', owner.target.toLowerCase())
        : query.where('user_id', '=', owner.userId);
    return query;
  };

  return {
    /** The newest code of the chain, sent or voided, within the window that makes resends one chain. */
    latest(owner: CodeOwner, since: Date) {
      return ofOwner(owner).where('created_at', '>', since).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /** Inserts a code and voids the earlier ones of the chain: a resend makes the previous code useless. */
    async replace(
      owner: CodeOwner,
      row: { channel: number; codeHash: string; sendNumber: number; expiresAt: Date },
      trx: Kysely<Database> = db,
    ): Promise<number> {
      let voiding = trx
        .updateTable('one_time_codes')
        .set({ voided_at: new Date() })
        .where('purpose', '=', owner.purpose)
        .where('consumed_at', 'is', null)
        .where('voided_at', 'is', null);
      voiding =
        owner.userId === null
          ? voiding.where('user_id', 'is', null).where(sql<string>`lower(target)`, '=', owner.target.toLowerCase())
          : voiding.where('user_id', '=', owner.userId);
      await voiding.execute();
      const inserted = await trx
        .insertInto('one_time_codes')
        .values({
          purpose: owner.purpose,
          user_id: owner.userId,
          channel: row.channel,
          target: owner.target,
          code_hash: row.codeHash,
          send_number: row.sendNumber,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** The code that may still be tried: not used, not voided, not expired. */
    findUsable(owner: CodeOwner, now: Date) {
      return ofOwner(owner)
        .where('consumed_at', 'is', null)
        .where('voided_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Binds the code to a secret its prover holds (the hash only); a later proof replaces an earlier one. */
    async recordProof(id: number, proofHash: string): Promise<void> {
      await db.updateTable('one_time_codes').set({ proof_hash: proofHash }).where('id', '=', id).execute();
    },

    /** The usable code of the chain that was proven by the holder of this secret's hash. */
    findProven(owner: CodeOwner, proofHash: string, now: Date) {
      return ofOwner(owner)
        .where('proof_hash', '=', proofHash)
        .where('consumed_at', 'is', null)
        .where('voided_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Counts a wrong try; the try that reaches the limit voids the code. */
    async recordWrongTry(id: number, maxAttempts: number): Promise<void> {
      await db
        .updateTable('one_time_codes')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          voided_at: sql<Date | null>`CASE WHEN attempts + 1 >= ${maxAttempts} THEN now() ELSE voided_at END`,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Marks the code used; false when someone else used it first. */
    async consume(id: number, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable('one_time_codes')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('voided_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type OneTimeCodesRepository = ReturnType<typeof createOneTimeCodesRepository>;
