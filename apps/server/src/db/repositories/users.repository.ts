import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

export function createUsersRepository(db: Kysely<Database>) {
  const withOrganisation = () =>
    db
      .selectFrom('users as u')
      .innerJoin('clients as c', 'c.id', 'u.client_id')
      .innerJoin('experiences as e', 'e.id', 'u.experience_id')
      .selectAll('u')
      .select(['c.code as client_code', 'c.sms_mfa_active', 'e.code as experience_code']);

  return {
    /** Soft-deleted users are returned too: the caller tells "no longer has access" apart from a wrong password. */
    findByUsername(username: string) {
      return withOrganisation()
        .where(sql<string>`lower(u.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findActiveById(id: number) {
      return withOrganisation().where('u.id', '=', id).where('u.deleted_at', 'is', null).executeTakeFirst();
    },

    async recordFailedLogin(userId: number, lockAfter: number, lockUntil: Date): Promise<{ locked: boolean; count: number }> {
      const row = await db
        .updateTable('users')
        .set((eb) => ({
          failed_login_count: eb('failed_login_count', '+', 1),
          locked_until: sql<Date | null>`CASE WHEN failed_login_count + 1 >= ${lockAfter} THEN ${lockUntil}::timestamptz ELSE locked_until END`,
        }))
        .where('id', '=', userId)
        .returning(['failed_login_count', 'locked_until'])
        .executeTakeFirstOrThrow();
      return { locked: row.failed_login_count >= lockAfter, count: row.failed_login_count };
    },

    async recordSuccessfulLogin(userId: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ failed_login_count: 0, locked_until: null, last_login_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserWithOrganisation = NonNullable<Awaited<ReturnType<UsersRepository['findByUsername']>>>;
