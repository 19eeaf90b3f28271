import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS } from '@portal/contract';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import {
  createIngestionApp,
  documentUrl,
  makePdf,
  MEMO_TYPE,
  multipartBody,
  READER_VALUES,
  senderOf,
  sha256,
  statementMetadata,
  type IngestionFixture,
  type Sender,
} from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import { signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp());
  sender = senderOf(t, fixture.key);
});
afterAll(() => t.close());

const STATEMENTS = TYPES.statements.code;

/** The answer of a put, checked against the contract (201 for a new document, else 200). */
const putAnswer = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect([200, 201], response.body).toContain(response.statusCode);
  return endpoints.putDocument.response.parse(response.json()).data;
};

describe('GET /api/v1/document-types', () => {
  it('lists the types the key may write, with retention and attributes', async () => {
    const types = answerOf(endpoints.listDocumentTypes, await sender.types()).data;
    expect(types.map((type) => type.code)).toEqual([...Object.values(TYPES).map((type) => type.code), MEMO_TYPE]);
    expect(types[0]).toEqual({
      code: STATEMENTS,
      titleEn: TYPES.statements.titleEn,
      titleFr: TYPES.statements.titleFr,
      retentionDays: null,
      attributes: [
        { name: 'accountNumber', displayNameEn: 'Account number', displayNameFr: 'Numéro de compte', identifiesOwner: true },
        { name: 'postalCode', displayNameEn: 'Postal code', displayNameFr: 'Code postal', identifiesOwner: true },
        { name: 'closingBalance', displayNameEn: 'Closing balance', displayNameFr: 'Solde de clôture', identifiesOwner: false },
      ],
    });
  });

  it('shows a scoped key only its types, and another client’s key only that client’s', async () => {
    const scoped = answerOf(endpoints.listDocumentTypes, await senderOf(t, fixture.statementsKey).types()).data;
    expect(scoped.map((type) => type.code)).toEqual([STATEMENTS]);
    const foreign = answerOf(endpoints.listDocumentTypes, await senderOf(t, fixture.foreignKey).types()).data;
    expect(foreign.map((type) => type.code)).toEqual([fixture.foreignDocument.reportCode]);
  });
});

describe('who may call', () => {
  it('refuses every versioned call without a live key, and a session cookie opens none', async () => {
    const cookie = await signIn(t, fixture.staff);
    const pdf = await makePdf('no key');
    const calls: { method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: Buffer; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/api/v1/document-types' },
      { method: 'GET', url: documentUrl(STATEMENTS, 'x-1') },
      { method: 'DELETE', url: documentUrl(STATEMENTS, 'x-1') },
      { method: 'PUT', url: documentUrl(STATEMENTS, 'x-1'), ...multipartBody([{ name: 'file', file: pdf }]) },
    ];
    for (const call of calls) {
      for (const headers of [{}, { cookie }, { authorization: 'Bearer cpk_not-a-key' }, { authorization: `Basic ${fixture.key}` }]) {
        const response = await t.app.inject({ ...call, headers: { ...call.headers, ...headers } });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyInvalid);
      }
    }
  });

  it('answers another client’s type as unknown, and a type outside the key’s scope as forbidden, before reading the body', async () => {
    const foreign = fixture.foreignDocument.reportCode;
    const notJson = [{ name: 'metadata', value: '{not json' }];
    for (const response of [
      await sender.put(foreign, 'x-1', notJson),
      await sender.get(foreign, 'x-1'),
      await sender.delete(foreign, 'x-1'),
      await sender.put('NO-SUCH-TYPE', 'x-1', notJson),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.documentTypeUnknown);
    }
    const scoped = senderOf(t, fixture.statementsKey);
    for (const response of [
      await scoped.put(TYPES.taxSlips.code, '!bad id', notJson),
      await scoped.get(TYPES.taxSlips.code, 'x-1'),
      await scoped.delete(TYPES.taxSlips.code, 'x-1'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.apiKeyTypeForbidden);
    }
  });

  it('leaves multipart bodies to the versioned routes: a person’s call answers them 4xx', async () => {
    const cookie = await signIn(t, fixture.staff);
    const body = multipartBody([{ name: 'metadata', value: '{}' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/Dashboard/ReportData/${STATEMENTS}`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('PUT, GET and DELETE of a document', () => {
  it('creates, confirms, replaces and deletes a document by its external id', async () => {
    const first = await makePdf('first', 2);
    const created = await sender.send(STATEMENTS, 'stmt-2026-03', statementMetadata('10.00'), first);
    expect(created.statusCode).toBe(201);
    expect(putAnswer(created)).toEqual({ externalId: 'stmt-2026-03', version: 1, outcome: 'created' });

    const read = answerOf(endpoints.getDocument, await sender.get(STATEMENTS, 'stmt-2026-03')).data;
    expect(read).toMatchObject({
      externalId: 'stmt-2026-03',
      version: 1,
      documentDate: '2026-03-01',
      language: 'en',
      attributes: { ...READER_VALUES, closingBalance: '10.00' },
      contentHash: sha256(first),
      pageCount: 2,
    });
    expect(Number.isNaN(Date.parse(read.updatedAt))).toBe(false);
    // Stored once, under its content's hash, byte for byte.
    const stored = await createFileStorage(fixture.documentsDir).read(`documents/${sha256(first)}.pdf`);
    expect(sha256(stored)).toBe(sha256(first));

    const again = await sender.send(STATEMENTS, 'stmt-2026-03', statementMetadata('10.00'), first);
    expect(again.statusCode).toBe(200);
    expect(putAnswer(again)).toEqual({ externalId: 'stmt-2026-03', version: 1, outcome: 'unchanged' });
    expect(answerOf(endpoints.getDocument, await sender.get(STATEMENTS, 'stmt-2026-03')).data.updatedAt).toBe(read.updatedAt);

    const second = await makePdf('second');
    expect(putAnswer(await sender.send(STATEMENTS, 'stmt-2026-03', statementMetadata('10.00'), second))).toEqual({
      externalId: 'stmt-2026-03',
      version: 2,
      outcome: 'replaced',
    });
    // A value alone, or the language alone, makes a new version too.
    expect(putAnswer(await sender.send(STATEMENTS, 'stmt-2026-03', statementMetadata('11.00'), second)).version).toBe(3);
    const french = { ...statementMetadata('11.00'), language: 'fr' };
    expect(putAnswer(await sender.send(STATEMENTS, 'stmt-2026-03', french, second))).toMatchObject({ version: 4, outcome: 'replaced' });
    expect(answerOf(endpoints.getDocument, await sender.get(STATEMENTS, 'stmt-2026-03')).data).toMatchObject({
      version: 4,
      language: 'fr',
      attributes: { closingBalance: '11.00' },
      contentHash: sha256(second),
      pageCount: 1,
    });

    const deleted = await sender.delete(STATEMENTS, 'stmt-2026-03');
    expect(answerOf(endpoints.deleteDocument, deleted).data).toEqual({ externalId: 'stmt-2026-03', outcome: 'deleted' });
    for (const response of [await sender.get(STATEMENTS, 'stmt-2026-03'), await sender.delete(STATEMENTS, 'stmt-2026-03')]) {
      expect(response.statusCode).toBe(404);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.documentNotFound);
    }
    // Sent again after its deletion, it starts over.
    expect(putAnswer(await sender.send(STATEMENTS, 'stmt-2026-03', statementMetadata('10.00'), first))).toMatchObject({
      version: 1,
      outcome: 'created',
    });
  });

  it('names types whatever their case, and keeps one external id apart per type', async () => {
    const pdf = await makePdf('shared id');
    expect(putAnswer(await sender.send(STATEMENTS.toLowerCase(), 'shared-1', statementMetadata('1.00'), pdf)).outcome).toBe('created');
    const taxSlip = { documentDate: '2026-02-01', attributes: { ...READER_VALUES, slipType: 'T5' } };
    expect(putAnswer(await sender.send(TYPES.taxSlips.code, 'shared-1', taxSlip, pdf)).outcome).toBe('created');
    expect(answerOf(endpoints.getDocument, await sender.get(TYPES.taxSlips.code, 'shared-1')).data.attributes).toEqual(taxSlip.attributes);
    // Another client cannot read it, even knowing the type's code and the id.
    expect((await senderOf(t, fixture.foreignKey).get(STATEMENTS, 'shared-1')).statusCode).toBe(404);
  });

  it('requires no attribute of a type that marks none as identifying the owner', async () => {
    const response = await sender.send(MEMO_TYPE, 'memo:1@acme', { documentDate: '2026-01-31', attributes: {} }, await makePdf('memo'));
    expect(putAnswer(response)).toMatchObject({ externalId: 'memo:1@acme', outcome: 'created' });
    const withoutAttributes = await sender.send(MEMO_TYPE, 'memo.2', { documentDate: '2026-01-31' }, await makePdf('memo 2'));
    expect(putAnswer(withoutAttributes).outcome).toBe('created');
  });
});

describe('the API description', () => {
  it('shows the versioned routes with what they take and answer', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { description: string }>>;
    };
    const put = spec.paths['/api/v1/document-types/{type}/documents/{externalId}']!;
    expect(Object.keys(put).sort()).toEqual(['delete', 'get', 'put']);
    expect(put.put!.description).toContain('multipart/form-data');
    expect(put.put!.description).toContain('unchanged');
    expect(put.put!.description).toContain('errors.ingestion.fileTooLarge');
    expect(spec.paths['/api/v1/document-types']!.get!.description).toContain('identifiesOwner');
  });
});
