import { sql, type Kysely } from 'kysely';
import type { Database, PasskeyChallengesTable } from '../types.js';

export type ChallengePurpose = PasskeyChallengesTable['purpose'];

const listed = ['public_id', 'name', 'created_at', 'last_used_at'] as const;

export function createPasskeysRepository(db: Kysely<Database>) {
  /** The counter as a number on both back ends (a bigint column: the driver would answer text). */
  const counter = sql<number>`counter::float8`.as('counter');

  return {
    async create(
      row: { userId: number; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
      trx: Kysely<Database> = db,
    ) {
      return trx
        .insertInto('passkeys')
        .values({
          user_id: row.userId,
          credential_id: row.credentialId,
          public_key: row.publicKey,
          counter: row.counter,
          transports: row.transports,
          name: row.name,
        })
        .returning(listed)
        .executeTakeFirstOrThrow();
    },

    /** The person's passkeys, oldest first, with what verifying a signature needs. */
    listForUser(userId: number) {
      return db
        .selectFrom('passkeys')
        .select([...listed, 'id', 'credential_id', 'public_key', 'transports', counter])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async credentialExists(credentialId: string): Promise<boolean> {
      return (await db.selectFrom('passkeys').select('id').where('credential_id', '=', credentialId).executeTakeFirst()) !== undefined;
    },

    /**
     * Records a verified use, unless another use with this counter or a later one got there first:
     * answers false then, so two answers racing with one signature cannot both sign in.
     */
    async recordUse(id: number, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
      const { numUpdatedRows } = await db
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: now })
        .where('id', '=', id)
        .where(sql<boolean>`counter::float8 = ${previousCounter}`)
        .executeTakeFirst();
      return Number(numUpdatedRows) === 1;
    },

    rename(userId: number, publicId: string, name: string) {
      return db
        .updateTable('passkeys')
        .set({ name })
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .returning(listed)
        .executeTakeFirst();
    },

    /** Removes the person's passkey this public id names; answers how many went (0 when it is not theirs). */
    async deleteByPublicId(userId: number, publicId: string): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('passkeys')
        .where('user_id', '=', userId)
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },

    async deleteAllForUser(userId: number, trx: Kysely<Database> = db): Promise<void> {
      await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    },

    /** Keeps the challenge given to this session for this purpose, replacing an earlier one. */
    async saveChallenge(sessionHash: string, purpose: ChallengePurpose, challenge: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('passkey_challenges')
        .values({ session_hash: sessionHash, purpose, challenge, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['session_hash', 'purpose']).doUpdateSet({ challenge, expires_at: expiresAt }))
        .execute();
    },

    /** Takes the session's live challenge for this purpose: whoever takes it first has it, and nobody after. */
    async takeChallenge(sessionHash: string, purpose: ChallengePurpose, now: Date): Promise<string | undefined> {
      const row = await db
        .deleteFrom('passkey_challenges')
        .where('session_hash', '=', sessionHash)
        .where('purpose', '=', purpose)
        .returning(['challenge', 'expires_at'])
        .executeTakeFirst();
      return row && row.expires_at > now ? row.challenge : undefined;
    },
  };
}
export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
