import { spawn } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, PDFHexString } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_VALUE_MAX_LENGTH,
  EXTERNAL_ID_MAX_LENGTH,
  INGESTION_ERROR_KEYS,
  INGESTION_METADATA_MAX_BYTES,
  endpoints,
} from '@portal/contract';
import {
  createIngestionApp,
  documentUrl,
  makePdf,
  MULTIPART_CONTENT_TYPE,
  multipartField,
  multipartHead,
  READER_VALUES,
  senderOf,
  statementMetadata,
  type IngestionFixture,
  type Metadata,
  type Sender,
} from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import type { TestApp } from './test-app.js';
import { refusalOf } from './wire.js';

const STATEMENTS = TYPES.statements.code;
const LIMIT_MB = 1;

let t: TestApp;
let fixture: IngestionFixture;
let sender: Sender;
let pdf: Uint8Array;
beforeAll(async () => {
  ({ t, fixture } = await createIngestionApp({ INGESTION_MAX_FILE_MB: String(LIMIT_MB) }));
  sender = senderOf(t, fixture.key);
  pdf = await makePdf('valid');
});
afterAll(async () => {
  await t.close();
});

/** Nothing of a refused upload stays: no row, no stored file. */
afterEach(async () => {
  const rows = await t.database.db.selectFrom('documents').select('external_id').where('external_id', 'is not', null).execute();
  expect(rows.filter((row) => row.external_id!.startsWith('refused'))).toEqual([]);
  // Every stored file is an accepted document's: a refused upload stored none.
  const stored = (await readdir(path.join(fixture.documentsDir, 'documents')).catch(() => [])).map((name) => `documents/${name}`);
  const named = stored.length
    ? await t.database.db.selectFrom('documents').select('file_key').distinct().where('file_key', 'in', stored).execute()
    : [];
  expect(named.map((row) => row.file_key).sort()).toEqual(stored.sort());
});

/** Expects a 4xx with this key and field. */
function expectRefusal(response: { statusCode: number; body: string; json(): unknown }, error: string, field: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  expect(refusalOf(response).error).toBe(error);
  expect((response.json() as { field?: string }).field).toBe(field);
}

const send = (metadata: Metadata, file = pdf, externalId = 'refused-1') => sender.send(STATEMENTS, externalId, metadata, file);

let address: string | undefined;
/** The app listening on a free port of its own, for the calls that need a real connection. */
const listeningAddress = async () => (address ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

describe('the metadata part', () => {
  it('must come first and be a JSON object', async () => {
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [{ name: 'file', file: pdf }]),
      INGESTION_ERROR_KEYS.metadataMissing,
      'metadata',
    );
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [
        { name: 'file', file: pdf },
        { name: 'metadata', value: JSON.stringify(statementMetadata('1.00')) },
      ]),
      INGESTION_ERROR_KEYS.metadataMissing,
      'metadata',
    );
    expectRefusal(await sender.put(STATEMENTS, 'refused-1', []), INGESTION_ERROR_KEYS.metadataMissing, 'metadata');
    for (const value of ['{"documentDate": ', 'null', '[1, 2]', '"text"']) {
      expectRefusal(
        await sender.put(STATEMENTS, 'refused-1', [
          { name: 'metadata', value },
          { name: 'file', file: pdf },
        ]),
        INGESTION_ERROR_KEYS.metadataInvalid,
        'metadata',
      );
    }
    // Declared as JSON, it is parsed by the multipart reader: its faults are said the same way.
    const declared = await sender.put(STATEMENTS, 'refused-1', [
      { name: 'metadata', value: '{oops', contentType: 'application/json' },
      { name: 'file', file: pdf },
    ]);
    expectRefusal(declared, INGESTION_ERROR_KEYS.metadataInvalid, 'metadata');
    expectRefusal(
      await send({ ...statementMetadata('1.00'), documentdate: '2026-01-01' }),
      INGESTION_ERROR_KEYS.metadataInvalid,
      'documentdate',
    );
    expectRefusal(await send({ documentDate: '2026-01-01', attributes: ['x'] }), INGESTION_ERROR_KEYS.metadataInvalid, 'attributes');
  });

  it('is a small object: past its size limit it is refused, not cut', async () => {
    const huge = JSON.stringify({ ...statementMetadata('1.00'), padding: 'x'.repeat(INGESTION_METADATA_MAX_BYTES) });
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [
        { name: 'metadata', value: huge },
        { name: 'file', file: pdf },
      ]),
      INGESTION_ERROR_KEYS.metadataInvalid,
      'metadata',
    );
  });

  it('accepts a JSON-typed metadata part', async () => {
    const response = await sender.put(STATEMENTS, 'json-typed', [
      { name: 'metadata', value: JSON.stringify(statementMetadata('2.00')), contentType: 'application/json' },
      { name: 'file', file: pdf },
    ]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('needs a real date written YYYY-MM-DD and a language of the portal', async () => {
    for (const documentDate of ['2026-02-30', '2026-2-01', '20260201', '2026-13-01', '0000-01-01', 20260201, null, undefined]) {
      expectRefusal(await send({ ...statementMetadata('1.00'), documentDate }), INGESTION_ERROR_KEYS.documentDateInvalid, 'documentDate');
    }
    for (const language of ['de', 'EN', '', 1]) {
      expectRefusal(await send({ ...statementMetadata('1.00'), language }), INGESTION_ERROR_KEYS.languageInvalid, 'language');
    }
    const leapDay = await sender.send(STATEMENTS, 'leap-day', { ...statementMetadata('1.00', '2024-02-29'), language: 'fr' }, pdf);
    expect(leapDay.statusCode, leapDay.body).toBe(201);
  });

  it('names each attribute at fault', async () => {
    const withAttributes = (attributes: Record<string, unknown>) => send({ documentDate: '2026-01-01', attributes });
    expectRefusal(await withAttributes({ ...READER_VALUES, foo: 'x' }), INGESTION_ERROR_KEYS.unknownAttribute, 'attributes.foo');
    expectRefusal(
      await withAttributes({ accountNumber: READER_VALUES.accountNumber }),
      INGESTION_ERROR_KEYS.attributeRequired,
      'attributes.postalCode',
    );
    for (const blank of ['', '   ']) {
      expectRefusal(
        await withAttributes({ ...READER_VALUES, accountNumber: blank }),
        INGESTION_ERROR_KEYS.attributeRequired,
        'attributes.accountNumber',
      );
    }
    expectRefusal(await send({ documentDate: '2026-01-01' }), INGESTION_ERROR_KEYS.attributeRequired, 'attributes.accountNumber');
    for (const value of [12.5, null, { amount: 1 }, 'line\nbreak', 'nul\u0000']) {
      expectRefusal(
        await withAttributes({ ...READER_VALUES, closingBalance: value }),
        INGESTION_ERROR_KEYS.attributeInvalid,
        'attributes.closingBalance',
      );
    }
    const tooLong = 'x'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH + 1);
    expectRefusal(
      await withAttributes({ ...READER_VALUES, closingBalance: tooLong }),
      INGESTION_ERROR_KEYS.attributeTooLong,
      'attributes.closingBalance',
    );

    const longest = 'x'.repeat(ATTRIBUTE_VALUE_MAX_LENGTH);
    const accepted = await sender.send(
      STATEMENTS,
      'longest-value',
      { documentDate: '2026-01-01', attributes: { ...READER_VALUES, closingBalance: ` ${longest} ` } },
      pdf,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const stored = endpoints.getDocument.response.parse((await sender.get(STATEMENTS, 'longest-value')).json()).data;
    expect(stored.attributes.closingBalance).toBe(longest);
  });
});

describe('the external id', () => {
  it('is 1 to 200 letters, digits and . _ : @ - starting with a letter or digit', async () => {
    for (const externalId of ['-leading', '.dot', 'with space', 'accentué', 'slash/inside', 'x'.repeat(EXTERNAL_ID_MAX_LENGTH + 1)]) {
      expectRefusal(await send(statementMetadata('1.00'), pdf, externalId), INGESTION_ERROR_KEYS.externalIdInvalid, 'externalId');
    }
    for (const response of [await sender.get(STATEMENTS, 'with space'), await sender.delete(STATEMENTS, '-x')]) {
      expectRefusal(response, INGESTION_ERROR_KEYS.externalIdInvalid, 'externalId');
    }
    const longest = `A${'b'.repeat(EXTERNAL_ID_MAX_LENGTH - 1)}`;
    for (const externalId of [longest, 'x', '0.a_b:c@d-e']) {
      const response = await send(statementMetadata('1.00'), pdf, externalId);
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

describe('the file part', () => {
  it('must be there, alone, after the metadata', async () => {
    const metadata = { name: 'metadata', value: JSON.stringify(statementMetadata('1.00')) };
    expectRefusal(await sender.put(STATEMENTS, 'refused-1', [metadata]), INGESTION_ERROR_KEYS.fileMissing, 'file');
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [metadata, { name: 'file', value: 'not a file' }]),
      INGESTION_ERROR_KEYS.fileMissing,
      'file',
    );
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [metadata, { name: 'document', file: pdf }]),
      INGESTION_ERROR_KEYS.unexpectedPart,
      'document',
    );
    expectRefusal(
      await sender.put(STATEMENTS, 'refused-1', [metadata, { name: 'file', file: pdf }, { name: 'file', file: pdf }]),
      INGESTION_ERROR_KEYS.unexpectedPart,
      'file',
    );
  });

  it('must be a PDF the portal can open', async () => {
    const metadata = statementMetadata('1.00');
    for (const bytes of [Buffer.from('plain text, not a PDF'), Buffer.from(pdf).subarray(0, 300), Buffer.alloc(0)]) {
      expectRefusal(await send(metadata, bytes), INGESTION_ERROR_KEYS.pdfUnreadable, 'file');
    }
    expectRefusal(await send(metadata, await makeEncryptedPdf()), INGESTION_ERROR_KEYS.pdfEncrypted, 'file');
  });

  it('refuses a body that is not multipart, or not readable as multipart', async () => {
    const authorization = `Bearer ${fixture.key}`;
    const json = await t.app.inject({
      method: 'PUT',
      url: documentUrl(STATEMENTS, 'refused-1'),
      payload: statementMetadata('1.00'),
      headers: { authorization },
    });
    expectRefusal(json, INGESTION_ERROR_KEYS.multipartRequired, 'Content-Type', 415);
    const noBoundary = await t.app.inject({
      method: 'PUT',
      url: documentUrl(STATEMENTS, 'refused-1'),
      payload: 'whatever',
      headers: { authorization, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    const cutShort = await t.app.inject({
      method: 'PUT',
      url: documentUrl(STATEMENTS, 'refused-1'),
      payload: `${multipartHead('metadata', 'm.json')}{"documentDate"`,
      headers: { authorization, 'content-type': MULTIPART_CONTENT_TYPE },
    });
    expect(cutShort.statusCode).toBeGreaterThanOrEqual(400);
    expect(cutShort.statusCode).toBeLessThan(500);
  });

  it('reads a refused upload to its end, so a sender still writing its file reads the 400, never a broken pipe', async () => {
    const url = `${await listeningAddress()}${documentUrl(STATEMENTS, 'refused-1')}`;
    // The sender is a process of its own, as a back office is: Node's own fetch, twenty times.
    const answers = await sendFromAnotherProcess(url, {
      authorization: `Bearer ${fixture.key}`,
      metadata: JSON.stringify(statementMetadata('1.00', '2026-02-31')),
      fileBytes: 1_000_000,
      tries: 20,
    });
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 400, error: INGESTION_ERROR_KEYS.documentDateInvalid })));
  });

  it('stops reading a file past the size limit, answers 413 and keeps nothing', async () => {
    const address = await listeningAddress();
    const total = 64 * 1_048_576;
    const request = http.request(`${address}${documentUrl(STATEMENTS, 'refused-huge')}`, {
      method: 'PUT',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, authorization: `Bearer ${fixture.key}` },
    });
    // Once the server has answered it closes the connection: later writes may fail, as they should.
    request.on('error', () => undefined);
    const answered = once(request, 'response') as Promise<[http.IncomingMessage]>;
    const stopped = Promise.race([answered, once(request, 'close')]);
    let hasAnswer = false;
    void answered.then(() => (hasAnswer = true));
    request.write(multipartField('metadata', JSON.stringify(statementMetadata('1.00'))) + multipartHead('file', 'huge.pdf') + '%PDF-1.7\n');
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    while (!hasAnswer && sent < total && !request.destroyed) {
      sent += chunk.length;
      if (!request.write(chunk)) await Promise.race([once(request, 'drain'), stopped]);
    }
    const [response] = await answered;
    let body = '';
    for await (const part of response) body += String(part);
    expect(response.statusCode, body).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ success: false, error: INGESTION_ERROR_KEYS.fileTooLarge, field: 'file' });
    expect(response.headers.connection).toBe('close');
    // The sender was stopped near the limit (plus what the sockets buffer), far from the whole body.
    expect(sent).toBeLessThan(total / 2);
    request.destroy();
  });
});

/**
 * Sends the same refused upload from a child process, one after the other: each try's status and
 * error key, or the network error Node's fetch met instead.
 */
async function sendFromAnotherProcess(
  url: string,
  upload: { authorization: string; metadata: string; fileBytes: number; tries: number },
): Promise<{ status?: number; error?: string; networkError?: string }[]> {
  const script = `
    const { url, authorization, metadata, fileBytes, tries } = JSON.parse(process.argv[1]);
    const file = new Uint8Array(fileBytes).fill(0x20);
    const answers = [];
    for (let i = 0; i < tries; i++) {
      const form = new FormData();
      form.append('metadata', metadata);
      form.append('file', new Blob([file], { type: 'application/pdf' }), 'statement.pdf');
      try {
        const response = await fetch(url, { method: 'PUT', body: form, headers: { authorization } });
        answers.push({ status: response.status, error: (await response.json()).error });
      } catch (error) {
        answers.push({ networkError: String(error.cause?.code ?? error.message) });
      }
    }
    console.log(JSON.stringify(answers));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, JSON.stringify({ url, ...upload })], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  return JSON.parse(output) as { status?: number; error?: string; networkError?: string }[];
}

/** A PDF whose trailer names an encryption dictionary, as every password-protected PDF does. */
async function makeEncryptedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  const encrypt = document.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: PDFHexString.of('00'.repeat(32)),
    U: PDFHexString.of('00'.repeat(32)),
    P: -4,
  });
  document.context.trailerInfo.Encrypt = document.context.register(encrypt);
  return document.save();
}
