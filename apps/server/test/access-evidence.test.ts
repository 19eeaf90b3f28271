import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { chainedOf, createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createTransact } from '../src/db/transact.js';
import { CHAIN_START, EVIDENCE_FIELD_ORDER, evidenceHash, type EvidenceFacts } from '../src/domain/access-evidence.js';
import { JOB_NAMES } from '../src/jobs/portal-jobs.js';
import { createAccessEvidenceService } from '../src/services/access-evidence.service.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  reader = await signIn(t, fixture.reader);
});
afterAll(() => t.close());

/** A browser's description with what a careless hash would trip on: a colon, a line break, quotes, accents. */
const USER_AGENT = 'Évidence/1.0 (test: "quoted"; line\tbreak)';
const db = () => t.database.db;
const evidenceService = () =>
  createAccessEvidenceService({ evidence: createAccessEvidenceRepository(db()), transact: createTransact(db()) });

const own = () => fixture.documents[TYPES.statements.code]!.filter((d) => d.attributes.accountNumber === READER_OWNER.number);
const keyOf = (id: number) => encodeDocumentKey({ id, reportCode: TYPES.statements.code, language: 'en' });
const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { cookie: reader, 'user-agent': USER_AGENT, ...headers } });
const openList = (url: string, ids: number[]) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { documentKeyList: ids.map(keyOf) },
    headers: { cookie: reader, 'user-agent': USER_AGENT },
  });

const eventsOf = (documentIds: number[]) =>
  db().selectFrom('access_evidence').selectAll().where('document_id', 'in', documentIds).orderBy('id').execute();

/** Runs a statement as the database's superuser with every trigger off, as only an intruder or an operator could. */
const asSuperuserWithoutTriggers = (statement: ReturnType<typeof sql>) =>
  db()
    .transaction()
    .execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

describe('access evidence', () => {
  it('records one event per document for every preview, download, merged PDF and zip, with who, how, what and from where', async () => {
    const [first, second, third] = own();
    await sql`UPDATE documents SET content_hash = ${'ab'.repeat(32)}, version = 3 WHERE id = ${first!.id}`.execute(db());

    expect((await open(`/dashboard/preview?documentKey=${keyOf(first!.id)}`)).statusCode).toBe(200);
    expect((await open(`/dashboard/download?documentKey=${keyOf(first!.id)}`)).statusCode).toBe(200);
    expect((await openList('/dashboard/previewlist', [second!.id, third!.id])).statusCode).toBe(200);
    expect((await openList('/dashboard/downloadList', [third!.id, second!.id])).statusCode).toBe(200);

    const events = await eventsOf([first!.id, second!.id, third!.id]);
    expect(events.map((e) => [e.document_id, e.action])).toEqual([
      [first!.id, 'preview'],
      [first!.id, 'download'],
      [second!.id, 'merged-pdf'],
      [third!.id, 'merged-pdf'],
      [second!.id, 'zip'],
      [third!.id, 'zip'],
    ]);
    const client = await db()
      .selectFrom('report_definitions')
      .select('client_id')
      .where('code', '=', TYPES.statements.code)
      .executeTakeFirstOrThrow();
    expect(events[0]).toMatchObject({
      client_id: client.client_id,
      username: fixture.reader,
      report_code: TYPES.statements.code,
      document_version: 3,
      content_hash: 'ab'.repeat(32),
      address: '127.0.0.1',
      user_agent: USER_AGENT,
      seq: null,
    });
    // Opening marks viewed, as before evidence.
    const viewed = await db()
      .selectFrom('document_views')
      .select('document_id')
      .where('document_id', 'in', [first!.id, second!.id, third!.id])
      .execute();
    expect(viewed).toHaveLength(3);
  });

  it('records a byte range from the first byte, not one that reads on in a file, nor a file that cannot be opened', async () => {
    const document = own()[4]!;
    const url = `/dashboard/preview?documentKey=${keyOf(document.id)}`;
    expect((await open(url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await open(url, { range: 'bytes=100-199' })).statusCode).toBe(206);
    expect(await eventsOf([document.id])).toHaveLength(1);

    const missing = own()[5]!;
    await sql`UPDATE documents SET file_key = 'nowhere/missing.pdf' WHERE id = ${missing.id}`.execute(db());
    expect((await open(`/dashboard/download?documentKey=${keyOf(missing.id)}`)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await eventsOf([missing.id])).toHaveLength(0);
  });

  it('sends no byte of a file whose opening the database refused to record, and records it once it may', async () => {
    const document = own()[9]!;
    // The database refuses this document's event, as it would a write while it fails over.
    await sql
      .raw(
        `CREATE FUNCTION refuse_one_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
           IF NEW.document_id = ${Number(document.id)} THEN RAISE EXCEPTION 'no event for this document'; END IF; RETURN NEW;
         END $$`,
      )
      .execute(db());
    await sql`CREATE TRIGGER refuse_one_event BEFORE INSERT ON access_evidence FOR EACH ROW EXECUTE FUNCTION refuse_one_event()`.execute(
      db(),
    );
    const url = `/dashboard/download?documentKey=${keyOf(document.id)}`;
    try {
      const refused = await open(url);
      expect(refused.statusCode).toBe(500);
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(refused.body).not.toContain('%PDF');
      expect(await eventsOf([document.id])).toHaveLength(0);
    } finally {
      await sql`DROP TRIGGER refuse_one_event ON access_evidence`.execute(db());
      await sql`DROP FUNCTION refuse_one_event()`.execute(db());
    }
    const sent = await open(url);
    expect(sent.statusCode).toBe(200);
    expect(sent.body.startsWith('%PDF')).toBe(true);
    expect((await eventsOf([document.id])).map((event) => event.action)).toEqual(['download']);
  });

  it('writes openings made while another is being written together, in one transaction, and fails only one the database refuses', async () => {
    const repository = createAccessEvidenceRepository(db());
    const [a, b, c] = own()
      .slice(-3)
      .map((document) => document.id);
    const { id: userId } = await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow();
    const opening = (documentIds: number[], action: 'preview' | 'download') =>
      repository.recordOpening({ userId, username: fixture.reader, documentIds, action, address: '203.0.113.9', userAgent: USER_AGENT });
    const transactionsOf = async (documentIds: number[]) =>
      (
        await sql<{ document_id: number; action: string; tx: string }>`SELECT document_id, action, xmin::text AS tx
          FROM access_evidence WHERE document_id IN (${sql.join(documentIds)}) AND address = '203.0.113.9' ORDER BY id`.execute(db())
      ).rows;

    await Promise.all([opening([a!], 'preview'), opening([b!, c!], 'download'), opening([a!], 'download')]);
    const together = await transactionsOf([a!, b!, c!]);
    expect(together.map((event) => [event.document_id, event.action])).toEqual([
      [a, 'preview'],
      [b, 'download'],
      [c, 'download'],
      [a, 'download'],
    ]);
    // The first was written alone at once; the two made while it was being written, together.
    expect(new Set(together.map((event) => event.tx)).size).toBe(2);
    expect(together[1]!.tx).toBe(together[3]!.tx);

    const noSuchDocument = 2_000_000_000;
    const settled = await Promise.allSettled([
      opening([c!], 'preview'),
      opening([b!], 'preview'),
      opening([noSuchDocument], 'preview'),
      opening([c!], 'download'),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await transactionsOf([a!, b!, c!])).slice(4).map((event) => [event.document_id, event.action])).toEqual([
      [c, 'preview'],
      [b, 'preview'],
      [c, 'download'],
    ]);
    const viewed = await db()
      .selectFrom('document_views')
      .select('document_id')
      .where('user_id', '=', userId)
      .where('document_id', 'in', [a!, b!, c!])
      .execute();
    expect(viewed).toHaveLength(3);
  });

  it('chains every event after the one before it, per client, by the minute job, and the whole chain verifies', async () => {
    const chained = (await t.app.scheduledJobs.runNow(JOB_NAMES.evidenceChaining)) as number;
    expect(chained).toBeGreaterThanOrEqual(8);
    expect(await evidenceService().chainPending()).toBe(0);

    const rows = await db().selectFrom('access_evidence').selectAll().orderBy('client_id').orderBy('seq').execute();
    expect(rows.every((row) => row.seq !== null)).toBe(true);
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]!.previous_hash).toBe(CHAIN_START);
    expect(rows[1]!.previous_hash).toBe(rows[0]!.hash);
    // The hash is the documented recipe's, recomputed here from the row alone.
    const first = rows[0]!;
    expect(evidenceHash(CHAIN_START, chainedOf(first))).toBe(first.hash);

    const report = await evidenceService().verify();
    expect(report).toMatchObject({ broken: null, unchained: 0 });
    expect(report.chains).toEqual([{ client: first.client_id, events: rows.length, head: rows.at(-1)!.hash }]);
  });

  it('goes on from the chain’s last event when more are recorded', async () => {
    const before = await evidenceService().verify();
    await open(`/dashboard/download?documentKey=${keyOf(own()[6]!.id)}`);
    expect(await evidenceService().chainPending()).toBe(1);
    const [event] = await eventsOf([own()[6]!.id]);
    expect(event).toMatchObject({ seq: expect.anything(), previous_hash: before.chains[0]!.head });
    expect((await evidenceService().verify()).broken).toBeNull();
  });

  describe('an evidence pack of one person', () => {
    const packOf = (cookie: string, userId: number, query = '') =>
      t.app.inject({ url: `/api/usermanagement/users/${userId}/evidence${query}`, headers: { cookie } });
    const readerId = async () =>
      (await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()).id;

    it('gives an administrator of the person’s client every event of the person, each checkable by the recipe, with a summary in the language asked', async () => {
      await open(`/dashboard/preview?documentKey=${keyOf(own()[8]!.id)}`);
      const id = await readerId();
      const answer = await packOf(await signIn(t, fixture.staff), id, '?lang=fr');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/zip');
      expect(answer.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="evidence-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
      );
      const files = unzipSync(answer.rawPayload);
      expect(Object.keys(files).sort()).toEqual(['consents.jsonl', 'events.jsonl', 'summary.pdf', 'verification.txt']);

      const lines = strFromU8(files['events.jsonl']!)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as EvidenceFacts & { previousHash: string; hash: string });
      // Everything the person opened, the event recorded just now included: the pack chains first.
      const recorded = await db().selectFrom('access_evidence').select('id').where('user_id', '=', id).execute();
      expect(lines).toHaveLength(recorded.length);
      expect(lines.at(-1)).toMatchObject({ document: own()[8]!.id, action: 'preview', username: fixture.reader });
      expect(Object.keys(lines[0]!)).toEqual([...EVIDENCE_FIELD_ORDER, 'previousHash', 'hash']);
      for (const line of lines) expect(evidenceHash(line.previousHash, line)).toBe(line.hash);

      expect(strFromU8(files['verification.txt']!)).toContain('Comment vérifier ce dossier');
      const summary = await PDFDocument.load(files['summary.pdf']!);
      expect(summary.getTitle()).toBe("Preuve d'accès aux documents");
      expect(summary.getPageCount()).toBeGreaterThanOrEqual(1);

      const audited = await db()
        .selectFrom('audit_log')
        .select(['action', 'target_user_id', 'after'])
        .where('action', '=', 'exportEvidence')
        .execute();
      expect(audited).toEqual([{ action: 'exportEvidence', target_user_id: id, after: { userId: id, events: lines.length } }]);
    });

    it('refuses a person who manages no one and customer service, and answers another client’s administrator as if the person did not exist', async () => {
      const id = await readerId();
      const asReader = await packOf(reader, id);
      expect(asReader.statusCode).toBe(403);
      await fixture.addPerson('acme.service', 'CUSTOMER_SERVICE');
      const asCustomerService = await packOf(await signIn(t, 'acme.service'), id);
      expect(asCustomerService.statusCode).toBe(403);
      expect(asCustomerService.json()).toMatchObject({ error: 'errors.forbidden' });
      const asOtherAdmin = await packOf(await signIn(t, 'demo.admin'), id);
      expect(asOtherAdmin.statusCode).toBe(404);
      expect(asOtherAdmin.json()).toMatchObject({ error: 'errors.userNotFound' });
      expect((await packOf(await signIn(t, fixture.staff), id, '?lang=de')).statusCode).toBe(400);
    });
  });

  describe('an evidence pack of one document', () => {
    const packOf = (cookie: string, documentKey: string) =>
      t.app.inject({ url: `/api/evidence/document?documentKey=${encodeURIComponent(documentKey)}&lang=en`, headers: { cookie } });

    it('gives staff of the document’s client every opening of it, by anyone', async () => {
      const document = own()[0]!;
      const answer = await packOf(await signIn(t, fixture.staff), keyOf(document.id));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-disposition']).toMatch(
        new RegExp(`filename="evidence-document-${document.id}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
      );
      const files = unzipSync(answer.rawPayload);
      const lines = strFromU8(files['events.jsonl']!)
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as EvidenceFacts);
      const recorded = await eventsOf([document.id]);
      expect(lines.map((line) => [line.document, line.action])).toEqual(recorded.map((row) => [row.document_id, row.action]));
      expect(strFromU8(files['verification.txt']!)).toContain('How to check this pack');
    });

    it('refuses the person who opened it, and answers a document of another client as not found', async () => {
      expect((await packOf(reader, keyOf(own()[0]!.id))).statusCode).toBe(403);
      const foreign = encodeDocumentKey({ id: fixture.foreignDocument.id, reportCode: fixture.foreignDocument.reportCode, language: 'en' });
      expect((await packOf(await signIn(t, fixture.staff), foreign)).statusCode).toBe(404);
    });
  });

  it('refuses any change or removal of an event to the portal’s own role, chained or not', async () => {
    await open(`/dashboard/download?documentKey=${keyOf(own()[7]!.id)}`);
    const [unchained] = await eventsOf([own()[7]!.id]);
    const [chained] = await eventsOf([own()[0]!.id]);
    const refusals = [
      sql`UPDATE access_evidence SET address = '10.9.9.9' WHERE id = ${chained!.id}`,
      sql`UPDATE access_evidence SET hash = ${'0'.repeat(64)} WHERE id = ${chained!.id}`,
      sql`UPDATE access_evidence SET address = '10.9.9.9' WHERE id = ${unchained!.id}`,
      sql`UPDATE access_evidence SET seq = 999, previous_hash = 'x', hash = 'y', username = 'someone' WHERE id = ${unchained!.id}`,
      // A column added after the table was made is held to the same rule.
      sql`UPDATE access_evidence SET seq = 999, previous_hash = 'x', hash = 'y', on_behalf_of = 1 WHERE id = ${unchained!.id}`,
      sql`DELETE FROM access_evidence WHERE id = ${chained!.id}`,
      sql`TRUNCATE access_evidence`,
    ];
    for (const statement of refusals) {
      await expect(statement.execute(db())).rejects.toThrow(/access evidence is kept as written/);
    }
    expect(await db().selectFrom('access_evidence').select('id').where('id', '=', chained!.id).executeTakeFirst()).toBeDefined();
    await evidenceService().chainPending();
  });

  it('names the first link a superuser’s change broke, even when the changed event’s own hash was made again', async () => {
    const rows = await db().selectFrom('access_evidence').selectAll().orderBy('seq').execute();
    const [, second, third] = rows;
    await asSuperuserWithoutTriggers(sql`UPDATE access_evidence SET address = '10.9.9.9' WHERE id = ${third!.id}`);
    expect((await evidenceService().verify()).broken).toEqual({ client: third!.client_id, seq: 3, problem: 'hash' });

    const remade = evidenceHash(third!.previous_hash!, { ...chainedOf(third!), address: '10.9.9.9' });
    await asSuperuserWithoutTriggers(sql`UPDATE access_evidence SET hash = ${remade} WHERE id = ${third!.id}`);
    expect((await evidenceService().verify()).broken).toEqual({ client: third!.client_id, seq: 4, problem: 'previous-hash' });

    await asSuperuserWithoutTriggers(sql`DELETE FROM access_evidence WHERE id = ${second!.id}`);
    expect((await evidenceService().verify()).broken).toEqual({ client: third!.client_id, seq: 2, problem: 'out-of-sequence' });
  });
});
