import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCLOSURE_ERROR_KEYS, endpoints, ERROR_KEYS, type PublishDisclosureRequest } from '@portal/contract';
import { sql } from 'kysely';
import { createManagedUsersRepository } from '../src/db/repositories/managed-users.repository.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { DEMO_PASSWORD, createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let fixture: DocumentsFixture;
let reader: string;
let internal: string;
let staff: string;
let clientId: number;

const db = () => t.database.db;
const DISCLOSURE: PublishDisclosureRequest = {
  typeCodes: [TYPES.statements.code],
  requirementsEn: 'A current browser and a PDF reader.',
  requirementsFr: 'Un navigateur à jour et un lecteur PDF.',
  withdrawalEn: 'Withdraw in Settings.',
  withdrawalFr: 'Retirez-le dans Paramètres.',
  paperEn: 'Call us for paper.',
  paperFr: 'Appelez-nous pour du papier.',
};

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, 'user-agent': 'ConsentTest/1.0' }, ...(payload && { payload }) });
const stateOf = async (cookie: string) => answerOf(endpoints.consentState, await get(cookie, '/api/consent')).data;
const publish = (cookie: string, body: object = DISCLOSURE) => post(cookie, `/api/console/clients/${clientId}/disclosures`, body);
const typeCodesSeen = async (cookie: string) =>
  answerOf(endpoints.getReports, await get(cookie, '/Dashboard/GetReports')).ReportsInfos.map((report) => report.Code);

/** The code printed in the person's sample document, read from the PDF as a person reads it. */
async function codeInSample(cookie: string, lang = 'en'): Promise<{ code: string; text: string }> {
  const response = await get(cookie, `/api/consent/sample?lang=${lang}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    data: new Uint8Array(response.rawPayload),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  await pdf.destroy();
  const code = /^([A-Z0-9](?: [A-Z0-9]){5})$/m.exec(text)![1]!.replace(/ /g, '');
  return { code, text };
}

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  await fixture.addPerson('acme.internal', 'INTERNAL');
  [reader, internal, staff] = (await Promise.all(
    [fixture.reader, 'acme.internal', fixture.staff].map((username) => signIn(t, username)),
  )) as [string, string, string];
  clientId = (
    await db().selectFrom('report_definitions').select('client_id').where('code', '=', TYPES.statements.code).executeTakeFirstOrThrow()
  ).client_id;
});
afterAll(() => t.close());

describe('a client that published no disclosure', () => {
  it('asks nothing: every type is seen, and consent calls answer that none is asked', async () => {
    expect(await stateOf(reader)).toEqual({ state: 'notRequired', disclosure: null, consentedAt: null, paperSince: null });
    expect(await typeCodesSeen(reader)).toContain(TYPES.statements.code);
    for (const response of [
      await get(reader, '/api/consent/sample'),
      await post(reader, '/api/consent', { version: 1, code: 'ABCDEF' }),
      await post(reader, '/api/consent/withdraw'),
    ]) {
      expect([response.statusCode, refusalOf(response).error]).toEqual([400, ERROR_KEYS.consentNotAsked]);
    }
  });
});

describe('publishing a disclosure in the console', () => {
  it('refuses what is incomplete, another client’s types, and people outside the client, publishing nothing', async () => {
    const missing = refusalOf(await publish(internal, { ...DISCLOSURE, paperFr: ' ' }));
    expect(missing.issues?.map((issue) => issue.message)).toContain(DISCLOSURE_ERROR_KEYS.textRequired);
    const noTypes = refusalOf(await publish(internal, { ...DISCLOSURE, typeCodes: [] }));
    expect(noTypes.issues?.map((issue) => issue.message)).toContain(DISCLOSURE_ERROR_KEYS.typesRequired);
    const foreign = await publish(internal, { ...DISCLOSURE, typeCodes: [fixture.foreignDocument.reportCode] });
    expect([foreign.statusCode, refusalOf(foreign).error]).toEqual([400, DISCLOSURE_ERROR_KEYS.typeUnknown]);
    expect((await publish(staff)).statusCode).toBe(403);
    expect(await db().selectFrom('delivery_disclosures').select('id').where('client_id', '=', clientId).execute()).toEqual([]);
  });

  it('publishes version 1, audited with its hash, and asks the client’s customers to consent before they see the covered type', async () => {
    const published = answerOf(endpoints.publishDisclosure, await publish(internal)).data;
    expect(published).toMatchObject({ version: 1, types: [{ code: TYPES.statements.code }], paperFr: DISCLOSURE.paperFr });
    expect(published.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const audit = await db().selectFrom('audit_log').select(['after', 'client_id']).where('action', '=', 'publishDisclosure').execute();
    expect(audit).toEqual([{ client_id: clientId, after: expect.objectContaining({ version: 1, contentHash: published.contentHash }) }]);

    const state = await stateOf(reader);
    expect(state).toMatchObject({ state: 'pending', disclosure: { version: 1 }, consentedAt: null });
    expect(await typeCodesSeen(reader)).not.toContain(TYPES.statements.code);
    expect(await typeCodesSeen(reader)).toContain(TYPES.taxSlips.code);
    const list = await post(reader, `/Dashboard/ReportData/${TYPES.statements.code}`, { page: 1, perPage: 5 });
    expect(list.statusCode).toBe(404);
    // Staff are never asked and see everything.
    expect((await stateOf(staff)).state).toBe('notRequired');
    expect(await typeCodesSeen(staff)).toContain(TYPES.statements.code);
  });
});

describe('consenting', () => {
  it('needs the code of the person’s own sample document, for the version in force', async () => {
    const { code, text } = await codeInSample(reader);
    expect(text).toContain('Sample document');
    expect((await codeInSample(reader, 'fr')).text).toContain('Document d’essai');
    const wrong = await post(reader, '/api/consent', { version: 1, code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' });
    expect([wrong.statusCode, refusalOf(wrong).error]).toEqual([400, ERROR_KEYS.consentCodeWrong]);
    const outdated = await post(reader, '/api/consent', { version: 0, code });
    expect([outdated.statusCode, refusalOf(outdated).error]).toEqual([409, ERROR_KEYS.consentVersionOutdated]);
    // Another person's code is its own: the reader's proves nothing of staff's or anyone else's.
    await fixture.addPerson('acme.other');
    const otherCookie = await signIn(t, 'acme.other', DEMO_PASSWORD);
    const otherCode = (await codeInSample(otherCookie)).code;
    expect(otherCode).not.toBe(code);
    expect(await db().selectFrom('delivery_consents').select('id').where('client_id', '=', clientId).execute()).toEqual([]);
  });

  it('records the consent with the disclosure’s hash, and the covered type is seen again', async () => {
    const { code } = await codeInSample(reader);
    const given = answerOf(
      endpoints.giveConsent,
      await post(reader, '/api/consent', { version: 1, code: `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`, how: 'registration' }),
    ).data;
    expect(given).toMatchObject({ state: 'consented', disclosure: { version: 1 } });
    expect(given.consentedAt).not.toBeNull();
    expect(await typeCodesSeen(reader)).toContain(TYPES.statements.code);
    const events = await db().selectFrom('delivery_consents').selectAll().where('client_id', '=', clientId).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'consent',
      how: 'registration',
      disclosure_version: 1,
      disclosure_hash: given.disclosure!.contentHash,
      language: 'en',
      user_agent: 'ConsentTest/1.0',
    });
  });

  it('is asked again when a new version is published, and a new customer starts asked', async () => {
    answerOf(endpoints.publishDisclosure, await publish(internal, { ...DISCLOSURE, paperEn: 'Write to us for paper.' }));
    expect(await stateOf(reader)).toMatchObject({ state: 'pending', disclosure: { version: 2 } });
    expect(await typeCodesSeen(reader)).not.toContain(TYPES.statements.code);

    const experienceId = (
      await db().selectFrom('users').select('experience_id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()
    ).experience_id;
    const newcomer = await db()
      .transaction()
      .execute((trx) =>
        createManagedUsersRepository(db()).create(
          {
            username: 'acme.newcomer',
            firstName: 'New',
            lastName: 'Comer',
            email: 'newcomer@example.com',
            roleCode: 'USER',
            clientId,
            experienceId,
            activeMfa: true,
            contactLanguage: 'en',
            createdBy: null,
          },
          trx,
        ),
      );
    const row = await db().selectFrom('users').select('consent_pending_types').where('id', '=', newcomer).executeTakeFirstOrThrow();
    expect(row.consent_pending_types).toEqual([fixture.reportIds[TYPES.statements.code]]);
  });
});

describe('withdrawing', () => {
  it('asks for paper: the documents stay readable, the withdrawal is recorded, and consent can be given again', async () => {
    const withdrawn = answerOf(endpoints.withdrawConsent, await post(reader, '/api/consent/withdraw')).data;
    expect(withdrawn.state).toBe('withdrawn');
    expect(withdrawn.paperSince).not.toBeNull();
    expect(await typeCodesSeen(reader)).toContain(TYPES.statements.code);
    // A version published while on paper asks nothing of the person.
    answerOf(endpoints.publishDisclosure, await publish(internal, { ...DISCLOSURE, paperEn: 'Ask us for paper.' }));
    expect((await stateOf(reader)).state).toBe('withdrawn');

    const { code } = await codeInSample(reader);
    expect(answerOf(endpoints.giveConsent, await post(reader, '/api/consent', { version: 3, code, how: 'settings' })).data.state).toBe(
      'consented',
    );
    const events = await db()
      .selectFrom('delivery_consents')
      .select(['event', 'how', 'disclosure_version'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { event: 'consent', how: 'registration', disclosure_version: 1 },
      { event: 'withdrawal', how: 'settings', disclosure_version: 2 },
      { event: 'consent', how: 'settings', disclosure_version: 3 },
    ]);
  });

  it('puts the person’s consent history in its evidence pack', async () => {
    const readerId = (await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()).id;
    const pack = await get(staff, `/api/usermanagement/users/${readerId}/evidence?lang=fr`);
    expect(pack.statusCode).toBe(200);
    const lines = strFromU8(unzipSync(pack.rawPayload)['consents.jsonl']!)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; disclosureVersion: number; disclosureHash: string; how: string });
    expect(lines.map((line) => [line.event, line.disclosureVersion, line.how])).toEqual([
      ['consent', 1, 'registration'],
      ['withdrawal', 2, 'settings'],
      ['consent', 3, 'settings'],
    ]);
    expect(lines.every((line) => /^[0-9a-f]{64}$/.test(line.disclosureHash))).toBe(true);
  });

  it('puts the consent history of the people a document was delivered to in the document’s pack, and no one else’s', async () => {
    const readerId = (await db().selectFrom('users').select('id').where('username', '=', fixture.reader).executeTakeFirstOrThrow()).id;
    const consentsIn = async (documentId: number) => {
      const documentKey = encodeDocumentKey({ id: documentId, reportCode: TYPES.statements.code, language: 'en' });
      const pack = await get(staff, `/api/evidence/document?documentKey=${encodeURIComponent(documentKey)}&lang=en`);
      expect(pack.statusCode).toBe(200);
      const text = strFromU8(unzipSync(pack.rawPayload)['consents.jsonl']!).trim();
      return text === '' ? [] : text.split('\n').map((line) => JSON.parse(line) as { user: number; disclosureVersion: number });
    };
    const own = fixture.documents[TYPES.statements.code]!.find((document) => document.attributes.accountNumber === READER_OWNER.number)!;
    const others = fixture.documents[TYPES.statements.code]!.find((document) => document.attributes.accountNumber !== READER_OWNER.number)!;
    expect((await consentsIn(own.id)).map((line) => [line.user, line.disclosureVersion])).toEqual([
      [readerId, 1],
      [readerId, 2],
      [readerId, 3],
    ]);
    expect(await consentsIn(others.id)).toEqual([]);
  });

  it('keeps every event as written: the database refuses to change or delete one', async () => {
    await expect(sql`UPDATE delivery_consents SET how = 'sign-in'`.execute(db())).rejects.toThrow(/kept as written/);
    await expect(sql`DELETE FROM delivery_consents`.execute(db())).rejects.toThrow(/kept as written/);
    await expect(sql`TRUNCATE delivery_consents`.execute(db())).rejects.toThrow(/kept as written/);
  });
});

describe('who is asked follows the account', () => {
  let joinerId: number;
  let joiner: string;
  const waysOf = async (userId: number) =>
    (await db().selectFrom('delivery_consents').select('how').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.how);

  beforeAll(async () => {
    joinerId = await fixture.addPerson('acme.joiner');
    joiner = await signIn(t, 'acme.joiner');
  });

  it('keeps the first consent of an account opened under the disclosure as its registration, and later ones as sign-ins', async () => {
    const version = (await stateOf(joiner)).disclosure!.version;
    const first = await post(joiner, '/api/consent', { version, code: (await codeInSample(joiner)).code });
    expect(answerOf(endpoints.giveConsent, first).data.state).toBe('consented');
    expect(await waysOf(joinerId)).toEqual(['registration']);

    answerOf(endpoints.publishDisclosure, await publish(internal, { ...DISCLOSURE, paperEn: 'Visit us for paper.' }));
    const again = await post(joiner, '/api/consent', { version: version + 1, code: (await codeInSample(joiner)).code });
    expect(answerOf(endpoints.giveConsent, again).data.state).toBe('consented');
    expect(await waysOf(joinerId)).toEqual(['registration', 'sign-in']);
  });

  it('asks afresh a person who becomes a customer or moves to another client, keeps the state of an edit that changes neither, and never asks staff', async () => {
    const users = createManagedUsersRepository(db());
    const edit = async (change: { roleCode?: 'USER' | 'INTERNAL'; clientId?: number; experienceId?: number }) => {
      const row = await db().selectFrom('users').selectAll().where('id', '=', joinerId).executeTakeFirstOrThrow();
      const fields = {
        username: row.username,
        firstName: row.first_name,
        lastName: 'Edited',
        email: row.email,
        roleCode: row.role_code as 'USER',
        clientId: row.client_id,
        experienceId: row.experience_id,
        activeMfa: row.mfa_active,
      };
      await db()
        .transaction()
        .execute((trx) => users.update(joinerId, { ...fields, ...change }, trx));
      return db()
        .selectFrom('users')
        .select(['consent_pending_types', 'paper_delivery_since'])
        .where('id', '=', joinerId)
        .executeTakeFirstOrThrow();
    };
    const covered = [fixture.reportIds[TYPES.statements.code]];

    expect(answerOf(endpoints.withdrawConsent, await post(joiner, '/api/consent/withdraw')).data.state).toBe('withdrawn');
    expect((await edit({})).paper_delivery_since).not.toBeNull();

    expect(await edit({ roleCode: 'INTERNAL' })).toMatchObject({ consent_pending_types: [] });
    expect(await edit({ roleCode: 'USER' })).toEqual({ consent_pending_types: covered, paper_delivery_since: null });

    const other = await db()
      .selectFrom('experiences')
      .select(['client_id', 'id as experience_id'])
      .where('client_id', '<>', clientId)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(await edit({ clientId: other.client_id, experienceId: other.experience_id })).toEqual({
      consent_pending_types: [],
      paper_delivery_since: null,
    });
  });
});
