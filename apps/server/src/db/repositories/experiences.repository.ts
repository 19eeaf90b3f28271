import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createExperiencesRepository(db: Kysely<Database>) {
  const withClient = (executor: Kysely<Database> = db) =>
    executor
      .selectFrom('experiences as e')
      .innerJoin('clients as c', 'c.id', 'e.client_id')
      .select([
        'e.id',
        'e.code',
        'e.name_en',
        'e.name_fr',
        'e.app_title',
        'e.colors',
        'e.logo_max_width',
        'e.logo_max_height',
        'e.client_id',
        'c.code as client_code',
        'c.onboarding_enabled',
        'c.block_duplicates',
      ]);

  return {
    /** The experience with this code, ignoring case, or the first experience (the default) when there is none. */
    async findByCodeOrDefault(code: string | undefined) {
      if (code) {
        const found = await withClient()
          .where((eb) => eb(eb.fn('lower', ['e.code']), '=', code.toLowerCase()))
          .executeTakeFirst();
        if (found) return found;
      }
      return withClient().orderBy('e.position').limit(1).executeTakeFirstOrThrow();
    },

    /** Given a transaction, reads through it (the embedded database has a single connection). */
    findById(id: number, trx?: Kysely<Database>) {
      return withClient(trx).where('e.id', '=', id).executeTakeFirstOrThrow();
    },

    /** The images the experience has of its own, each with the hash of its bytes. */
    listAssets(experienceId: number, trx: Kysely<Database> = db): Promise<{ kind: string; content_hash: string }[]> {
      return trx.selectFrom('experience_assets').select(['kind', 'content_hash']).where('experience_id', '=', experienceId).execute();
    },

    findAsset(experienceCode: string, kind: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('experience_assets as a')
        .innerJoin('experiences as e', 'e.id', 'a.experience_id')
        .select(['a.content_type', 'a.content', 'a.content_hash'])
        .where((eb) => eb(eb.fn('lower', ['e.code']), '=', experienceCode.toLowerCase()))
        .where('a.kind', '=', kind)
        .executeTakeFirst();
    },
  };
}
export type ExperiencesRepository = ReturnType<typeof createExperiencesRepository>;
