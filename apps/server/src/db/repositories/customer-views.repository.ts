import { sql, type Kysely } from 'kysely';
import type { Tx } from '../transact.js';
import type { Database } from '../types.js';

/** What a staff member's session keeps when it is given back with a new secret. */
const KEPT_SESSION_COLUMNS = [
  'user_id',
  'mfa_pending',
  'language',
  'device_id',
  'ip',
  'user_agent',
  'expires_at',
  'created_at',
  'identity_connection_id',
  'identity_name_id',
  'identity_name_id_format',
  'identity_session_index',
] as const;

export type CustomerViewEnd = 'left' | 'expired' | 'signedOut';

/** Customer views and the sessions they open: who looked at which customer's portal, why, and until when. */
export function createCustomerViewsRepository(db: Kysely<Database>) {
  return {
    /** Opens a view and its session (the customer's, naming the view) in the caller's transaction; answers the view's id. */
    async open(
      trx: Tx,
      view: {
        clientId: number;
        staffUserId: number;
        staffSessionHash: string;
        customerUserId: number;
        reason: string;
        address: string | null;
        userAgent: string | null;
        expiresAt: Date;
      },
      session: { idHash: string; language: string },
    ): Promise<number> {
      const { id } = await trx
        .insertInto('customer_views')
        .values({
          client_id: view.clientId,
          staff_user_id: view.staffUserId,
          staff_session_hash: view.staffSessionHash,
          session_hash: session.idHash,
          customer_user_id: view.customerUserId,
          reason: view.reason,
          address: view.address,
          user_agent: view.userAgent,
          expires_at: view.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('sessions')
        .values({
          id_hash: session.idHash,
          user_id: view.customerUserId,
          mfa_pending: false,
          language: session.language,
          device_id: null,
          ip: view.address,
          user_agent: view.userAgent,
          expires_at: view.expiresAt,
          customer_view_id: id,
        })
        .execute();
      return id;
    },

    /** A view still open, with the names of both people and what the client lets its staff open; undefined once ended. */
    findOpen(id: number) {
      return db
        .selectFrom('customer_views as v')
        .innerJoin('users as staff', 'staff.id', 'v.staff_user_id')
        .innerJoin('users as customer', 'customer.id', 'v.customer_user_id')
        .innerJoin('clients as c', 'c.id', 'v.client_id')
        .select([
          'v.id',
          'v.reason',
          'v.started_at',
          'v.expires_at',
          'v.staff_user_id',
          'v.staff_session_hash',
          'staff.username as staff_username',
          'staff.first_name as staff_first_name',
          'staff.last_name as staff_last_name',
          'v.customer_user_id',
          'customer.username as customer_username',
          'customer.first_name as customer_first_name',
          'customer.last_name as customer_last_name',
          'c.customer_view_documents',
        ])
        .where('v.id', '=', id)
        .where('v.ended_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Ends the view whose session this is, if it is still open, and the session with it (even
     * once the session has expired and been swept): `expired` when its time had run out. Answers
     * the view ended, if any.
     */
    async endBySession(trx: Tx, sessionHash: string, how: Exclude<CustomerViewEnd, 'expired'>) {
      await trx.deleteFrom('sessions').where('id_hash', '=', sessionHash).where('customer_view_id', 'is not', null).execute();
      return trx
        .updateTable('customer_views')
        .set({
          ended_at: sql<Date>`LEAST(now(), expires_at)`,
          end_reason: sql<CustomerViewEnd>`CASE WHEN expires_at <= now() THEN 'expired' ELSE ${how} END`,
        })
        .where('session_hash', '=', sessionHash)
        .where('ended_at', 'is', null)
        .returning(['id', 'staff_user_id', 'staff_session_hash', 'customer_user_id', 'client_id', 'reason', 'end_reason'])
        .executeTakeFirst();
    },

    /** Keeps a staff member's own session from idling out while they look through a view. */
    async touchWithStaffSession(viewSessionHash: string, staffSessionHash: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: new Date() })
        .where('id_hash', 'in', [viewSessionHash, staffSessionHash])
        .execute();
    },

    /**
     * Gives the staff member's own session a new secret, if it is still alive (neither expired nor
     * idle too long): the browser that left the view holds it again. Answers its user id and language.
     */
    async reissueStaffSession(trx: Tx, staffSessionHash: string, newHash: string, idleSince: Date) {
      const reissued = await trx
        .insertInto('sessions')
        .columns(['id_hash', ...KEPT_SESSION_COLUMNS])
        .expression((eb) =>
          eb
            .selectFrom('sessions')
            .select([sql<string>`${newHash}::text`.as('id_hash'), ...KEPT_SESSION_COLUMNS])
            .where('id_hash', '=', staffSessionHash)
            .where('expires_at', '>', new Date())
            .where('last_seen_at', '>', idleSince)
            .where('mfa_pending', '=', false),
        )
        .returning(['user_id', 'language'])
        .executeTakeFirst();
      await trx.deleteFrom('sessions').where('id_hash', '=', staffSessionHash).execute();
      return reissued;
    },

    /** Ends the staff member's own session: they signed out from inside a view. */
    async endStaffSession(trx: Tx, staffSessionHash: string): Promise<void> {
      await trx.deleteFrom('sessions').where('id_hash', '=', staffSessionHash).execute();
    },

    /** The views of this customer's portal since a moment, newest first, with the staff member's name. */
    listForCustomer(customerUserId: number, since: Date) {
      return db
        .selectFrom('customer_views as v')
        .innerJoin('users as staff', 'staff.id', 'v.staff_user_id')
        .select(['v.started_at', 'v.ended_at', 'v.expires_at', 'v.reason', 'staff.first_name', 'staff.last_name'])
        .where('v.customer_user_id', '=', customerUserId)
        .where('v.started_at', '>=', since)
        .orderBy('v.started_at', 'desc')
        .execute();
    },
  };
}
export type CustomerViewsRepository = ReturnType<typeof createCustomerViewsRepository>;
export type OpenCustomerView = NonNullable<Awaited<ReturnType<CustomerViewsRepository['findOpen']>>>;
