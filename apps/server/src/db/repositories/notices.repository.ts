import { sql, type Kysely } from 'kysely';
import type { NoticeState } from '../delivery-consent-tables.js';
import type { Database } from '../types.js';
import { lastDocumentIdAfter, readersOfType } from './document-readers.js';

/** A person to tell that documents are available, with what the message needs. */
export interface NoticeRecipient {
  userId: number;
  email: string;
  firstName: string;
  language: string;
  experienceId: number;
  documents: { id: number; titleEn: string; titleFr: string; date: string }[];
}

/** A document's notice to one person, as staff read it. */
export interface DocumentNotice {
  user_id: number;
  state: NoticeState;
  published_at: Date;
  queued_at: Date | null;
  accepted_at: Date | null;
  refused_at: Date | null;
  refusal: string | null;
  first_opened_at: Date | null;
}

/** Notices of availability: one per document and consenting person, and what became of each. */
export function createNoticesRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a notice for each person who consented to electronic delivery and sees one of the
     * type's documents after `afterId`: to send at once (queued, not yet handed to the outbox), or
     * left for the person's digest when it chose one. Answers the last document id read.
     */
    async publish(reportId: number, afterId: number, trx: Kysely<Database> = db): Promise<number> {
      const last = { id: await lastDocumentIdAfter(trx, reportId, afterId) };
      if (last.id === afterId) return afterId;
      await trx
        .insertInto('document_notices')
        .columns(['document_id', 'user_id', 'client_id', 'report_id', 'state'])
        .expression(
          readersOfType(trx, reportId)
            .select([
              'd.id',
              'u.id as user_id',
              'r.client_id',
              'd.report_id',
              sql<NoticeState>`CASE WHEN u.digest_frequency = 'never' THEN 'queued' ELSE 'digest' END`.as('state'),
            ])
            .where('d.id', '>', afterId)
            .where('d.id', '<=', last.id)
            .where('u.paper_delivery_since', 'is', null)
            .where(sql<boolean>`NOT (d.report_id = ANY(u.consent_pending_types))`),
        )
        .onConflict((oc) => oc.columns(['document_id', 'user_id']).doNothing())
        .execute();
      return last.id;
    },

    /** Notices to send at once not yet handed to the outbox (at most `limit`), with whom to tell. */
    async unsent(limit: number): Promise<NoticeRecipient[]> {
      const rows = await db
        .selectFrom('document_notices')
        .select(['user_id', 'document_id'])
        .where('state', '=', 'queued')
        .where('queued_at', 'is', null)
        .orderBy('user_id')
        .orderBy('document_id')
        .limit(limit)
        .execute();
      return this.recipients(rows.map((row) => ({ userId: row.user_id, documentId: row.document_id })));
    },

    /** The notices handed to the outbox with the message that carries them (in its transaction). */
    async markHandedOver(userId: number, documentIds: number[], trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('document_notices')
        .set({ queued_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('document_id', 'in', documentIds)
        .where('queued_at', 'is', null)
        .execute();
    },

    /** The people and documents of these notices, grouped by person. */
    async recipients(pairs: { userId: number; documentId: number }[], trx: Kysely<Database> = db): Promise<NoticeRecipient[]> {
      if (pairs.length === 0) return [];
      const rows = await trx
        .selectFrom('users as u')
        .innerJoin('documents as d', (join) =>
          join.on(sql<boolean>`(u.id, d.id) IN (${sql.join(pairs.map((pair) => sql`(${pair.userId}, ${pair.documentId})`))})`),
        )
        .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
        .select([
          'u.id as user_id',
          'u.email',
          'u.first_name',
          'u.contact_language',
          'u.experience_id',
          'd.id',
          'r.title_en',
          'r.title_fr',
          'd.document_date',
        ])
        .orderBy('u.id')
        .orderBy('d.id')
        .execute();
      const byPerson = new Map<number, NoticeRecipient>();
      for (const row of rows) {
        const person = byPerson.get(row.user_id) ?? {
          userId: row.user_id,
          email: row.email,
          firstName: row.first_name,
          language: row.contact_language,
          experienceId: row.experience_id,
          documents: [],
        };
        person.documents.push({ id: row.id, titleEn: row.title_en, titleFr: row.title_fr, date: row.document_date });
        byPerson.set(row.user_id, person);
      }
      return [...byPerson.values()];
    },

    /** The notices waiting for these people's digests, now queued with it: their document ids by person. */
    async takeDigestNotices(userIds: number[], trx: Kysely<Database> = db): Promise<Map<number, number[]>> {
      if (userIds.length === 0) return new Map();
      const rows = await trx
        .updateTable('document_notices')
        .set({ state: 'queued', queued_at: sql<Date>`now()` })
        .where('user_id', 'in', userIds)
        .where('state', '=', 'digest')
        .returning(['user_id', 'document_id'])
        .execute();
      const byPerson = new Map<number, number[]>();
      for (const row of rows) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row.document_id]);
      return byPerson;
    },

    /** What the mail server answered a message of notices: accepted, or refused for good (the documents go to paper). */
    async recordAnswer(
      notices: { userId: number; documentIds: number[] },
      outcome: { accepted: true } | { accepted: false; refusal: string },
    ) {
      if (outcome.accepted) await this.markAccepted(notices.userId, notices.documentIds);
      else await this.markRefused({ userIds: [notices.userId], documentIds: notices.documentIds }, outcome.refusal);
    },

    async markAccepted(userId: number, documentIds: number[]): Promise<void> {
      if (documentIds.length === 0) return;
      await db
        .updateTable('document_notices')
        .set({ state: 'accepted', accepted_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('document_id', 'in', documentIds)
        .where('state', '=', 'queued')
        .execute();
    },

    /**
     * A refused notice (a hard bounce): the notices leave for paper, in one statement. `onlyUnopened`
     * leaves alone the documents the person opened meanwhile (a late bounce reported afterwards).
     */
    async markRefused(where: { userIds: number[]; documentIds?: number[]; acceptedSince?: Date }, refusal: string): Promise<number> {
      if (where.userIds.length === 0) return 0;
      let refused = db
        .updateTable('document_notices')
        .set({ state: 'refused', refused_at: sql<Date>`now()`, refusal: refusal.slice(0, 500) })
        .where('user_id', 'in', where.userIds)
        .where('first_opened_at', 'is', null);
      if (where.documentIds) refused = refused.where('document_id', 'in', where.documentIds).where('state', 'in', ['queued', 'accepted']);
      if (where.acceptedSince) refused = refused.where('state', '=', 'accepted').where('accepted_at', '>=', where.acceptedSince);
      const rows = await db
        .with('refused', () => refused.returning(['client_id', 'report_id', 'document_id', 'user_id']))
        .insertInto('paper_queue')
        .columns(['client_id', 'report_id', 'document_id', 'user_id', 'reason'])
        .expression((eb) =>
          eb.selectFrom('refused').select(['client_id', 'report_id', 'document_id', 'user_id', sql<string>`'bounce'`.as('reason')]),
        )
        .onConflict((oc) => oc.columns(['document_id', 'user_id', 'reason']).doNothing())
        // Counted from what it returns: a driver may not report the rows of a statement with a data-modifying WITH.
        .returning('id')
        .execute();
      return rows.length;
    },

    /** The live people of the client with this e-mail address (case aside). */
    async peopleWithEmail(clientId: number, email: string): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', clientId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A document's notices, by person: what staff read beside its readers. */
    async ofDocument(documentId: number): Promise<DocumentNotice[]> {
      return db
        .selectFrom('document_notices')
        .select(['user_id', 'state', 'published_at', 'queued_at', 'accepted_at', 'refused_at', 'refusal', 'first_opened_at'])
        .where('document_id', '=', documentId)
        .execute();
    },
  };
}
export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
