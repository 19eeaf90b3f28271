import { sql, type Kysely, type Selectable } from 'kysely';
import type { ConsentEvent, ConsentWay, DeliveryConsentsTable, DeliveryDisclosuresTable } from '../delivery-consent-tables.js';
import type { Database } from '../types.js';
import { grantSeesDocument } from './document-readers.js';

export type Disclosure = Selectable<DeliveryDisclosuresTable>;
export type ConsentRow = Selectable<DeliveryConsentsTable>;

export interface NewDisclosure {
  clientId: number;
  reportIds: number[];
  requirements: { en: string; fr: string };
  withdrawal: { en: string; fr: string };
  paper: { en: string; fr: string };
  publishedBy: number;
  /** Computed from the version this insert takes. */
  hashOf: (version: number) => string;
}

export interface NewConsentEvent {
  userId: number;
  disclosure: Disclosure;
  event: ConsentEvent;
  how: ConsentWay;
  language: string;
  address: string;
  userAgent: string | null;
}

/** Delivery disclosures, the consents and withdrawals given to them, and each person's state that calls read. */
export function createDeliveryConsentRepository(db: Kysely<Database>) {
  return {
    /** The client's disclosure in force: its latest version; undefined when it published none. */
    inForce(clientId: number, trx: Kysely<Database> = db): Promise<Disclosure | undefined> {
      return trx
        .selectFrom('delivery_disclosures')
        .selectAll()
        .where('client_id', '=', clientId)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    versions(clientId: number): Promise<Disclosure[]> {
      return db.selectFrom('delivery_disclosures').selectAll().where('client_id', '=', clientId).orderBy('version', 'desc').execute();
    },

    /**
     * Publishes the client's next version and asks every person of role USER of the client who
     * has not asked for paper to consent to it: one transaction (the caller's).
     */
    async publish(disclosure: NewDisclosure, trx: Kysely<Database>): Promise<Disclosure> {
      // One publisher at a time per client: the versions stay consecutive.
      await sql`SELECT pg_advisory_xact_lock(7270034, ${disclosure.clientId})`.execute(trx);
      const last = await trx
        .selectFrom('delivery_disclosures')
        .select(sql<number>`coalesce(max(version), 0)`.as('version'))
        .where('client_id', '=', disclosure.clientId)
        .executeTakeFirstOrThrow();
      const version = last.version + 1;
      const row = await trx
        .insertInto('delivery_disclosures')
        .values({
          client_id: disclosure.clientId,
          version,
          report_ids: disclosure.reportIds,
          requirements_en: disclosure.requirements.en,
          requirements_fr: disclosure.requirements.fr,
          withdrawal_en: disclosure.withdrawal.en,
          withdrawal_fr: disclosure.withdrawal.fr,
          paper_en: disclosure.paper.en,
          paper_fr: disclosure.paper.fr,
          content_hash: disclosure.hashOf(version),
          published_by: disclosure.publishedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // A type is covered from the publication of the version that first covers it: the documents
      // already there were delivered before the client asked for proof. The jobs that send notices
      // and feed the paper queue read its documents from the last one there now.
      await sql`INSERT INTO delivery_marks (report_id, withdrawn_after_id, unopened_up_to, notices_after_id)
                SELECT covered.id, last.id, now(), last.id
                  FROM unnest(${disclosure.reportIds}::integer[]) AS covered(id),
                       (SELECT coalesce(max(id), 0) AS id FROM documents) AS last
                 WHERE NOT EXISTS (SELECT 1 FROM delivery_disclosures p
                                    WHERE p.client_id = ${disclosure.clientId} AND p.version = ${version - 1}
                                      AND covered.id = ANY(p.report_ids))
                ON CONFLICT (report_id) DO UPDATE
                  SET withdrawn_after_id = EXCLUDED.withdrawn_after_id, unopened_up_to = EXCLUDED.unopened_up_to,
                      notices_after_id = EXCLUDED.notices_after_id`.execute(trx);
      await trx
        .updateTable('users')
        .set({ consent_pending_types: disclosure.reportIds })
        .where('client_id', '=', disclosure.clientId)
        .where('role_code', '=', 'USER')
        .where('deleted_at', 'is', null)
        .where('paper_delivery_since', 'is', null)
        .execute();
      return row;
    },

    /** Records a consent or a withdrawal and sets the person's state with it: one transaction (the caller's). */
    async record(event: NewConsentEvent, trx: Kysely<Database>): Promise<ConsentRow> {
      const row = await trx
        .insertInto('delivery_consents')
        .values({
          client_id: event.disclosure.client_id,
          user_id: event.userId,
          disclosure_id: event.disclosure.id,
          disclosure_version: event.disclosure.version,
          disclosure_hash: event.disclosure.content_hash,
          event: event.event,
          how: event.how,
          language: event.language,
          address: event.address,
          user_agent: event.userAgent,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set(
          event.event === 'consent'
            ? { consent_pending_types: [], paper_delivery_since: null }
            : { consent_pending_types: [], paper_delivery_since: sql<Date>`now()` },
        )
        .where('id', '=', event.userId)
        .execute();
      return row;
    },

    /** The person's last event, which says where it stands. */
    lastEventOf(userId: number): Promise<ConsentRow | undefined> {
      return db.selectFrom('delivery_consents').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    /** Every consent and withdrawal of the person, oldest first: its history for an evidence pack. */
    historyOf(userId: number): Promise<ConsentRow[]> {
      return db.selectFrom('delivery_consents').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /**
     * The consents and withdrawals, given to the document's client, of everyone the document was
     * delivered to: who sees it now and who opened it. By person, each oldest first.
     */
    historyOfDocument(documentId: number): Promise<ConsentRow[]> {
      return db
        .selectFrom('delivery_consents as c')
        .selectAll('c')
        .where('c.client_id', '=', (eb) =>
          eb
            .selectFrom('documents as d')
            .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
            .select('r.client_id')
            .where('d.id', '=', documentId),
        )
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('documents as d')
                .innerJoin('report_access as ra', (join) => join.onRef('ra.report_id', '=', 'd.report_id').on('ra.has_access', '=', true))
                .select(sql`1`.as('one'))
                .where('d.id', '=', documentId)
                .whereRef('ra.user_id', '=', 'c.user_id')
                .where(grantSeesDocument('ra', 'd')),
            ),
            eb.exists(
              eb
                .selectFrom('access_evidence as e')
                .select(sql`1`.as('one'))
                .where('e.document_id', '=', documentId)
                .whereRef('e.user_id', '=', 'c.user_id'),
            ),
          ]),
        )
        .orderBy('c.user_id')
        .orderBy('c.id')
        .execute();
    },

    /** The person's state as calls read it. */
    stateOf(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'client_id', 'role_code', 'consent_pending_types', 'paper_delivery_since', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
    },

    /** Types in the clients' order: those of these ids, or every one of a client. */
    typesOf(which: { reportIds: number[] } | { clientId: number }, trx: Kysely<Database> = db) {
      if ('reportIds' in which && which.reportIds.length === 0) return Promise.resolve([]);
      const types = trx.selectFrom('report_definitions').select(['id', 'code', 'title_en', 'title_fr', 'client_id']);
      const chosen = 'reportIds' in which ? types.where('id', 'in', which.reportIds) : types.where('client_id', '=', which.clientId);
      return chosen.orderBy('position').orderBy('id').execute();
    },

    clientNames(clientId: number) {
      return db.selectFrom('clients').select(['name_en', 'name_fr']).where('id', '=', clientId).executeTakeFirstOrThrow();
    },
  };
}
export type DeliveryConsentRepository = ReturnType<typeof createDeliveryConsentRepository>;
