import { sql, type Kysely, type Selectable } from 'kysely';
import type { Tx } from '../transact.js';
import type { Database } from '../types.js';
import type { WebhookEndpointsTable } from '../webhook-tables.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export interface WebhookEndpointValues {
  url: string;
  description: string;
  events: string[];
}

/** A person told when the portal disables one of its client's endpoints. */
export interface WebhookAdministrator {
  email: string;
  name: string;
  language: string;
  experienceId: number;
}

/** The roles told when an endpoint of their client is disabled. */
const TOLD_ROLES = ['ADMIN', 'INTERNAL'];

export function createWebhookEndpointsRepository(db: Kysely<Database>) {
  const endpoints = (trx?: Tx) => (trx ?? db).selectFrom('webhook_endpoints').selectAll();

  return {
    list(clientId: number): Promise<WebhookEndpointRow[]> {
      return endpoints().where('client_id', '=', clientId).orderBy('id').execute();
    },

    /** The client's endpoint of that id; another client's is none. Locked for the transaction given. */
    find(clientId: number, id: number, trx?: Tx): Promise<WebhookEndpointRow | undefined> {
      const query = endpoints(trx).where('client_id', '=', clientId).where('id', '=', id);
      return (trx ? query.forUpdate() : query).executeTakeFirst();
    },

    findById(id: number): Promise<WebhookEndpointRow | undefined> {
      return endpoints().where('id', '=', id).executeTakeFirst();
    },

    /** How many endpoints the client has (null: no such client), its row locked so that two creations count one after the other. */
    async countLocked(clientId: number, trx: Tx): Promise<number | null> {
      const client = await trx.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().executeTakeFirst();
      if (!client) return null;
      const row = await trx
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insert(clientId: number, values: WebhookEndpointValues & { sealedSecret: string }, trx: Tx): Promise<WebhookEndpointRow> {
      return trx
        .insertInto('webhook_endpoints')
        .values({
          client_id: clientId,
          url: values.url,
          description: values.description,
          events: values.events,
          sealed_secret: values.sealedSecret,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(id: number, values: WebhookEndpointValues & { enabled: boolean }, trx: Tx): Promise<WebhookEndpointRow> {
      return trx
        .updateTable('webhook_endpoints')
        .set({
          url: values.url,
          description: values.description,
          events: values.events,
          enabled: values.enabled,
          // Enabled again: its failures so far no longer count towards disabling it.
          disabled_reason: values.enabled ? null : sql`COALESCE(disabled_reason, 'manual')`,
          failing_since: values.enabled ? sql`CASE WHEN enabled THEN failing_since END` : sql`failing_since`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    rotate(id: number, secrets: { sealedSecret: string; sealedPrevious: string | null; previousUntil: Date | null }, trx: Tx) {
      return trx
        .updateTable('webhook_endpoints')
        .set({
          sealed_secret: secrets.sealedSecret,
          sealed_previous_secret: secrets.sealedPrevious,
          previous_secret_until: secrets.previousUntil,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number, trx: Tx): Promise<void> {
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    /** A failed attempt: the endpoint is failing since its first failure after its last success. */
    async markFailing(id: number, at: Date): Promise<Date> {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: sql`COALESCE(failing_since, ${at})` })
        .where('id', '=', id)
        .returning('failing_since')
        .executeTakeFirst();
      return row?.failing_since ?? at;
    },

    async markSucceeding(id: number): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', id)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Disables a failing endpoint; false when it was disabled already (another instance did it). */
    async disableFailing(id: number, trx: Tx): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: false, disabled_reason: 'failing', updated_at: sql`now()` })
        .where('id', '=', id)
        .where('enabled', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The client's administrators and staff with an e-mail address, in their own language. */
    administratorsOf(clientId: number, trx: Tx): Promise<WebhookAdministrator[]> {
      return trx
        .selectFrom('users')
        .select(['email', 'first_name as name', 'contact_language as language', 'experience_id as experienceId'])
        .where('client_id', '=', clientId)
        .where('role_code', 'in', TOLD_ROLES)
        .where('deleted_at', 'is', null)
        .where('email', '<>', '')
        .orderBy('id')
        .execute();
    },
  };
}
export type WebhookEndpointsRepository = ReturnType<typeof createWebhookEndpointsRepository>;
