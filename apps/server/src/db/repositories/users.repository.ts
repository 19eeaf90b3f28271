import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { compiledOnce } from '../compiled-once.js';
import { typesSeenByUser, typesSeenOf, type TypeSeen } from './types-in-scope.repository.js';

/** A session row read with its user: the session's own columns apart (the types seen, when asked, are added by the caller). */
function sessionAndUser<Row extends SessionColumns>(
  row: Row,
): { session: Session; user: Omit<Row, keyof SessionColumns>; types?: TypeSeen[] } {
  const {
    session_id_hash,
    session_mfa_pending,
    session_language,
    session_last_seen_at,
    session_connection_id,
    session_name_id,
    session_name_id_format,
    session_session_index,
    session_customer_view_id,
    session_read_floor,
    ...user
  } = row;
  return {
    session: {
      id_hash: session_id_hash,
      mfa_pending: session_mfa_pending,
      language: session_language,
      last_seen_at: session_last_seen_at,
      connection_id: session_connection_id,
      name_id: session_name_id,
      name_id_format: session_name_id_format,
      session_index: session_session_index,
      customer_view_id: session_customer_view_id,
      read_floor: session_read_floor,
    },
    user,
  };
}

interface Session {
  id_hash: string;
  mfa_pending: boolean;
  language: string;
  last_seen_at: Date;
  /** The identity provider connection that opened the session, if one did, and a SAML provider's names for it. */
  connection_id: number | null;
  name_id: string | null;
  name_id_format: string | null;
  session_index: string | null;
  /** The customer view this session is (its user is then the customer viewed), if it is one. */
  customer_view_id: number | null;
  /** The primary's WAL position at the person's last write, with read replicas (migration 040). */
  read_floor: string | null;
}

interface SessionColumns {
  session_id_hash: string;
  session_mfa_pending: boolean;
  session_language: string;
  session_last_seen_at: Date;
  session_connection_id: number | null;
  session_name_id: string | null;
  session_name_id_format: string | null;
  session_session_index: string | null;
  session_customer_view_id: number | null;
  session_read_floor: string | null;
}

export function createUsersRepository(db: Kysely<Database>) {
  const withOrganisation = () =>
    db
      .selectFrom('users as u')
      .innerJoin('clients as c', 'c.id', 'u.client_id')
      .innerJoin('experiences as e', 'e.id', 'u.experience_id')
      .selectAll('u')
      .select([
        'c.code as client_code',
        'c.sms_mfa_active',
        'c.onboarding_enabled',
        'c.block_duplicates',
        'c.trusted_devices_allowed',
        'e.code as experience_code',
      ]);

  const sessionOf = (args: { idHash: string; now: Date; idleSince: Date }) =>
    withOrganisation()
      .innerJoin('sessions as s', 's.user_id', 'u.id')
      // Read with the session, the floor costs reads from replicas no round trip of its own.
      .leftJoin('read_floors as f', 'f.user_id', 'u.id')
      .select([
        's.id_hash as session_id_hash',
        's.mfa_pending as session_mfa_pending',
        's.language as session_language',
        's.last_seen_at as session_last_seen_at',
        's.identity_connection_id as session_connection_id',
        's.identity_name_id as session_name_id',
        's.identity_name_id_format as session_name_id_format',
        's.identity_session_index as session_session_index',
        's.customer_view_id as session_customer_view_id',
        'f.wal_position as session_read_floor',
      ])
      .where('s.id_hash', '=', args.idHash)
      .where('s.expires_at', '>', args.now)
      .where('s.last_seen_at', '>', args.idleSince)
      .where('u.deleted_at', 'is', null);
  const sessionWithUser = compiledOnce(db, ['idHash', 'now', 'idleSince'], sessionOf);
  const sessionWithTypesSeen = compiledOnce(
    db,
    ['idHash', 'now', 'idleSince', 'asked'],
    (args: { idHash: string; now: Date; idleSince: Date; asked: string | null }) =>
      sessionOf(args).select(typesSeenByUser(args.asked).as('types_seen')),
  );

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

    /**
     * The session of this hash that has neither passed its absolute expiry nor been idle too long,
     * with its user, still active, in one statement: every signed-in call starts here, so it costs
     * one round trip to the database, not two. With `typesSeen`, the same statement reads the
     * types the user sees (the one of `askedCode`, case aside, with its attributes): a call that
     * lists or opens documents needs them first, and is spared a round trip (decision 032).
     */
    async findBySession(idHash: string, idleSince: Date, typesSeen?: { askedCode: string | null }) {
      const now = new Date();
      if (!typesSeen) {
        const [row] = await sessionWithUser({ idHash, now, idleSince });
        return row && sessionAndUser(row);
      }
      const [row] = await sessionWithTypesSeen({ idHash, now, idleSince, asked: typesSeen.askedCode?.toLowerCase() ?? null });
      if (!row) return undefined;
      const { types_seen, ...rest } = row;
      const found = sessionAndUser(rest);
      return { ...found, types: typesSeenOf(found.user, types_seen) };
    },

    /** Counts a wrong password; a lock that has run out starts the count again. */
    async recordFailedLogin(userId: number, lockAfter: number, lockUntil: Date, now: Date): Promise<{ locked: boolean; count: number }> {
      const count = sql<number>`CASE WHEN locked_until IS NOT NULL AND locked_until <= ${now}::timestamptz THEN 1 ELSE failed_login_count + 1 END`;
      const row = await db
        .updateTable('users')
        .set({
          failed_login_count: count,
          locked_until: sql<Date | null>`CASE WHEN (${count}) >= ${lockAfter} THEN ${lockUntil}::timestamptz WHEN locked_until <= ${now}::timestamptz THEN NULL ELSE locked_until END`,
        })
        .where('id', '=', userId)
        .returning(['failed_login_count', 'locked_until'])
        .executeTakeFirstOrThrow();
      return { locked: row.failed_login_count >= lockAfter, count: row.failed_login_count };
    },

    /**
     * Whether a user other than exceptUserId has this username, ignoring case. Usernames are never
     * reused, not even a deleted user's: the unique index covers every row.
     */
    async isUsernameTaken(username: string, exceptUserId: number | null, trx: Kysely<Database> = db): Promise<boolean> {
      let query = trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', username.toLowerCase());
      if (exceptUserId !== null) query = query.where('id', '<>', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async updateProfile(
      userId: number,
      profile: {
        username: string;
        firstName: string;
        lastName: string;
        contactLanguage: string;
        mfaType: number;
        phoneNumber: string | null;
      },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          username: profile.username,
          first_name: profile.firstName,
          last_name: profile.lastName,
          contact_language: profile.contactLanguage,
          mfa_type: profile.mfaType,
          phone_number: profile.phoneNumber,
        })
        .where('id', '=', userId)
        .execute();
    },

    async updateContact(userId: number, contact: { email: string } | { phoneNumber: string }, trx: Kysely<Database> = db) {
      await trx
        .updateTable('users')
        .set('email' in contact ? { email: contact.email } : { phone_number: contact.phoneNumber })
        .where('id', '=', userId)
        .execute();
    },

    /** The hashes of the current password and the last ones, newest first. */
    async recentPasswordHashes(userId: number, limit: number): Promise<string[]> {
      if (limit === 0) return [];
      const rows = await db
        .selectFrom('password_history')
        .select('password_hash')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.password_hash);
    },

    /** Sets a new password (the database keeps it in the history) and clears the must-set flag and the lockout. */
    async setPassword(userId: number, passwordHash: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          password_hash: passwordHash,
          password_changed_at: new Date(),
          must_set_password: false,
          failed_login_count: 0,
          locked_until: null,
        })
        .where('id', '=', userId)
        .execute();
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
