import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccessEvidenceTable } from '../access-evidence-tables.js';
import type { Tx } from '../transact.js';
import type { Database } from '../types.js';
import type { ChainedEvidence, EvidenceAction, EvidenceFacts } from '../../domain/access-evidence.js';
import { openingDeliveryRows } from './webhook-deliveries.repository.js';

/** One opening of documents by one person, as its request saw it. */
export interface Opening {
  userId: number;
  username: string;
  documentIds: number[];
  action: EvidenceAction;
  address: string;
  userAgent: string | null;
}

/** An event not yet chained, with its facts but its place. */
export interface UnchainedEvidence {
  id: string;
  facts: Omit<EvidenceFacts, 'seq'>;
}

/** The key of the advisory lock that lets one chaining run at a time (a constant the portal uses for nothing else). */
const CHAINING_LOCK = 7_270_031;

type EvidenceRow = Selectable<AccessEvidenceTable>;

function factsOf(row: EvidenceRow): Omit<EvidenceFacts, 'seq'> {
  return {
    client: row.client_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    user: row.user_id,
    username: row.username,
    document: row.document_id,
    type: row.report_code,
    version: row.document_version,
    contentHash: row.content_hash,
    action: row.action,
    address: row.address,
    userAgent: row.user_agent,
    ...(row.on_behalf_of !== null && { onBehalfOf: row.on_behalf_of }),
  };
}

/** An event as its row holds it, chained. */
export function chainedOf(row: EvidenceRow): ChainedEvidence {
  return { ...factsOf(row), seq: Number(row.seq), previousHash: row.previous_hash ?? '', hash: row.hash ?? '' };
}

/** The last chained event of a client: its place and hash; null before its first. */
async function headOf(db: Kysely<Database>, client: number): Promise<{ seq: number; hash: string } | null> {
  const head = await db
    .selectFrom('access_evidence')
    .select(['seq', 'hash'])
    .where('client_id', '=', client)
    .where('seq', 'is not', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return head ? { seq: Number(head.seq), hash: head.hash ?? '' } : null;
}

/** The columns an event is written with; the chain's are set later, by the chaining job. */
export const EVIDENCE_COLUMNS = [
  'client_id',
  'user_id',
  'username',
  'document_id',
  'report_code',
  'document_version',
  'content_hash',
  'action',
  'address',
  'user_agent',
] as const;

/**
 * One event per document `d` (of type `r`) for what a person did, in the order of EVIDENCE_COLUMNS:
 * the document's version and file hash as they stand when the statement runs.
 */
export function evidenceRowsOf(
  db: Kysely<Database>,
  act: { userId: number; username: string; action: EvidenceAction; address: string; userAgent: string | null },
) {
  return db
    .selectFrom('documents as d')
    .innerJoin('report_definitions as r', 'r.id', 'd.report_id')
    .select([
      'r.client_id',
      sql<number>`${act.userId}::int`.as('user_id'),
      sql<string>`${act.username}::text`.as('username'),
      'd.id',
      'r.code',
      'd.version',
      'd.content_hash',
      sql<string>`${act.action}::text`.as('action'),
      sql<string>`${act.address}::text`.as('address'),
      sql<string | null>`${act.userAgent}::text`.as('user_agent'),
    ]);
}

export function createAccessEvidenceRepository(db: Kysely<Database>) {
  return {
    /**
     * Marks the documents viewed for the person, writes one event per document, and the webhook
     * deliveries the opening causes, in one statement: the person's request waits for no more
     * round trips than it did before evidence. Answers the deliveries written, to be queued.
     */
    async recordOpening(opening: Opening): Promise<string[]> {
      if (opening.documentIds.length === 0) return [];
      const told = await db
        .with('viewed', (db) =>
          db
            .insertInto('document_views')
            .values(opening.documentIds.map((documentId) => ({ user_id: opening.userId, document_id: documentId })))
            .onConflict((oc) => oc.columns(['user_id', 'document_id']).doNothing()),
        )
        // The first opening of a document a notice told the person of: its delivery's last state.
        .with('noticed', (db) =>
          db
            .updateTable('document_notices')
            .set({ first_opened_at: sql<Date>`now()` })
            .where('user_id', '=', opening.userId)
            .where('document_id', 'in', opening.documentIds)
            .where('first_opened_at', 'is', null),
        )
        .with('evidence', (cte) =>
          cte
            .insertInto('access_evidence')
            .columns(EVIDENCE_COLUMNS)
            .expression(evidenceRowsOf(db, opening).where('d.id', 'in', opening.documentIds).orderBy('d.id')),
        )
        // What the client's back office asked to be told of: written by the same statement, from
        // the viewed marks as they stood before it (a first opening is one the person never made).
        .with('told', (cte) =>
          cte
            .insertInto('webhook_deliveries')
            .columns(['endpoint_id', 'event_type', 'data'])
            .expression(openingDeliveryRows({ ...opening, isDownload: opening.action !== 'preview' }))
            .returning('id'),
        )
        .selectFrom('told')
        .select('id')
        .execute();
      return told.map((row) => row.id);
    },

    /**
     * A staff member's opening of a customer's documents in a customer view: its evidence names the
     * staff member and the customer acted for, and nothing is marked viewed or first opened for the customer.
     */
    async recordOpeningOnBehalf(opening: Opening, customerId: number): Promise<void> {
      if (opening.documentIds.length === 0) return;
      await db
        .insertInto('access_evidence')
        .columns([...EVIDENCE_COLUMNS, 'on_behalf_of'])
        .expression(
          evidenceRowsOf(db, opening)
            .select(sql<number>`${customerId}::int`.as('on_behalf_of'))
            .where('d.id', 'in', opening.documentIds)
            .orderBy('d.id'),
        )
        .execute();
    },

    /** Lets one chaining at a time go on past this point, until the transaction ends. */
    async holdChaining(trx: Tx): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${CHAINING_LOCK})`.execute(trx);
    },

    /** The oldest events not yet chained, in the order they were written. */
    async unchained(trx: Tx, limit: number): Promise<UnchainedEvidence[]> {
      const rows = await trx.selectFrom('access_evidence').selectAll().where('seq', 'is', null).orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: String(row.id), facts: factsOf(row) }));
    },

    /** The last chained event of each of these clients that has one: its place and hash. */
    async chainHeads(trx: Tx, clients: number[]): Promise<Map<number, { seq: number; hash: string }>> {
      const heads = new Map<number, { seq: number; hash: string }>();
      for (const client of clients) {
        const head = await headOf(trx, client);
        if (head) heads.set(client, head);
      }
      return heads;
    },

    /** Sets the places and hashes of events, each once (the database refuses any later change). */
    async chain(trx: Tx, links: { id: string; seq: number; previousHash: string; hash: string }[]): Promise<void> {
      if (links.length === 0) return;
      const values = sql.join(
        links.map((link) => sql`(${link.id}::bigint, ${link.seq}::bigint, ${link.previousHash}::text, ${link.hash}::text)`),
      );
      await sql`UPDATE access_evidence AS e SET seq = v.seq, previous_hash = v.previous_hash, hash = v.hash
        FROM (VALUES ${values}) AS v (id, seq, previous_hash, hash) WHERE e.id = v.id`.execute(trx);
    },

    /** The clients that have a chain. */
    async chainedClients(): Promise<number[]> {
      const rows = await db.selectFrom('access_evidence').select('client_id').where('seq', '=', '1').orderBy('client_id').execute();
      return rows.map((row) => row.client_id);
    },

    /** Part of a client's chain, in order, after a place. */
    async chainAfter(client: number, afterSeq: number, limit: number): Promise<ChainedEvidence[]> {
      const rows = await db
        .selectFrom('access_evidence')
        .selectAll()
        .where('client_id', '=', client)
        .where('seq', 'is not', null)
        .where('seq', '>', String(afterSeq))
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map(chainedOf);
    },

    /** Every chained event of one person, or of one document, oldest first. */
    async eventsOf(subject: { userId: number } | { documentId: number }): Promise<ChainedEvidence[]> {
      const rows = await db
        .selectFrom('access_evidence')
        .selectAll()
        .where('seq', 'is not', null)
        .where((eb) => ('userId' in subject ? eb('user_id', '=', subject.userId) : eb('document_id', '=', subject.documentId)))
        .orderBy('id')
        .execute();
      return rows.map(chainedOf);
    },

    /** The last event of a client's chain now: its place and hash, for a pack to name the chain it was taken from. */
    chainHead: (client: number) => headOf(db, client),

    async unchainedCount(): Promise<number> {
      const row = await db
        .selectFrom('access_evidence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seq', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AccessEvidenceRepository = ReturnType<typeof createAccessEvidenceRepository>;
