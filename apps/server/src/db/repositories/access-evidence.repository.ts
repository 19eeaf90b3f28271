import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccessEvidenceTable } from '../access-evidence-tables.js';
import type { Tx } from '../transact.js';
import type { Database } from '../types.js';
import type { ChainedEvidence, EvidenceAction, EvidenceFacts } from '../../domain/access-evidence.js';
import { groupCommitted } from '../group-commit.js';
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

/**
 * The openings of a batch as the rows of `o`, one per opening and document: `n` is the opening's
 * place in the batch.
 */
function openedRows(openings: Opening[]) {
  const rows = openings.flatMap((opening, n) => opening.documentIds.map((documentId) => ({ n, opening, documentId })));
  const column = <T>(of: (row: (typeof rows)[number]) => T) => rows.map(of);
  return sql`SELECT * FROM unnest(
      ${column((row) => row.n)}::int[], ${column((row) => row.opening.userId)}::int[], ${column((row) => row.opening.username)}::text[],
      ${column((row) => row.documentId)}::int[], ${column((row) => row.opening.action)}::text[],
      ${column((row) => row.opening.address)}::text[], ${column((row) => row.opening.userAgent)}::text[]
    ) AS o(n, user_id, username, document_id, action, address, user_agent)`;
}

/**
 * Marks the documents of several openings viewed for their people, writes one event per document,
 * and the webhook deliveries the openings cause, in one statement. Every part reads the viewed
 * marks as they stood before it, so a first opening is one its person never made, and only the
 * batch's first of a person's openings of a document is told as such. Answers, per opening, the
 * deliveries it caused (their ids are drawn first, to be told apart by opening).
 */
async function writeOpenings(db: Kysely<Database>, openings: Opening[]): Promise<string[][]> {
  const told = await sql<{ n: number; id: string }>`WITH o AS MATERIALIZED (${openedRows(openings)}),
    viewed AS (
      INSERT INTO document_views (user_id, document_id)
      SELECT DISTINCT user_id, document_id FROM o ORDER BY user_id, document_id
      ON CONFLICT (user_id, document_id) DO NOTHING),
    noticed AS (
      UPDATE document_notices AS dn SET first_opened_at = now() FROM o
      WHERE dn.user_id = o.user_id AND dn.document_id = o.document_id AND dn.first_opened_at IS NULL),
    evidence AS (
      INSERT INTO access_evidence (${sql.join(EVIDENCE_COLUMNS.map((column) => sql.ref(column)))})
      SELECT r.client_id, o.user_id, o.username, d.id, r.code, d.version, d.content_hash, o.action, o.address, o.user_agent
      FROM o JOIN documents d ON d.id = o.document_id JOIN report_definitions r ON r.id = d.report_id
      ORDER BY o.n, d.id),
    deliveries AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('webhook_deliveries', 'id')) AS id, t.* FROM (${openingDeliveryRows}) AS t),
    told AS (
      INSERT INTO webhook_deliveries (id, endpoint_id, event_type, data)
      SELECT id, endpoint_id, event_type, data FROM deliveries)
    SELECT n, id::text AS id FROM deliveries ORDER BY id`.execute(db);
  const byOpening = openings.map((): string[] => []);
  for (const row of told.rows) byOpening[row.n]!.push(row.id);
  return byOpening;
}

export function createAccessEvidenceRepository(db: Kysely<Database>) {
  // Openings that arrive while others are being written share their statement and commit.
  const recordTogether = groupCommitted((openings: Opening[]) => writeOpenings(db, openings));
  return {
    /**
     * Marks the documents viewed for the person, writes one event per document, and the webhook
     * deliveries the opening causes, in one statement, which openings made meanwhile share: the
     * person's request waits for no more round trips than it did before evidence. Answers once the
     * event has committed, with the deliveries written, to be queued.
     */
    async recordOpening(opening: Opening): Promise<string[]> {
      if (opening.documentIds.length === 0) return [];
      return recordTogether(opening);
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

    /**
     * Sets the places and hashes of events, each once (the database refuses any later change): a
     * batch as four arrays, so the statement's text and its parameters stay four, however many it chains.
     */
    async chain(trx: Tx, links: { id: string; seq: number; previousHash: string; hash: string }[]): Promise<void> {
      if (links.length === 0) return;
      await sql`UPDATE access_evidence AS e SET seq = v.seq, previous_hash = v.previous_hash, hash = v.hash
        FROM unnest(${links.map((link) => link.id)}::bigint[], ${links.map((link) => link.seq)}::bigint[],
          ${links.map((link) => link.previousHash)}::text[], ${links.map((link) => link.hash)}::text[]) AS v (id, seq, previous_hash, hash)
        WHERE e.id = v.id`.execute(trx);
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
