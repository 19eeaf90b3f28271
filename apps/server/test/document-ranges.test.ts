import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@portal/contract';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { chooseStorage } from '../src/transports/choose-transports.js';
import type { DocumentStorage } from '../src/transports/storage/document-storage.js';
import { createFileStorage } from '../src/transports/storage/file-storage.js';
import { startS3Server, type S3TestServer } from '../../../test-support/s3-server.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { refusalOf } from './wire.js';

/** Makes the bucket's copy of a file differ from the local one, so an answer shows which store it came from. */
const BUCKET_MARK = Buffer.from('\n% kept in the bucket\n');

interface Setting {
  /** The environment of the app under test. */
  env(): Promise<Record<string, string>>;
  /** After the fixture wrote its files to the local folder: put them where the app reads them. */
  place(t: TestApp): Promise<void>;
  close(): Promise<void>;
}

function filesSetting(): Setting {
  return { env: async () => ({}), place: async () => undefined, close: async () => undefined };
}

function bucketSetting(): Setting {
  let server: S3TestServer | undefined;
  return {
    async env() {
      server = await startS3Server({ folder: 'portal' });
      return server.env;
    },
    async place(t) {
      expect(t.config.storage.kind).toBe('s3');
      const local = createFileStorage(t.config.documentsDir);
      const bucket = chooseStorage(t.config);
      for await (const object of local.list('fixture/')) {
        await bucket.put(object.key, Buffer.concat([await local.read(object.key), BUCKET_MARK]));
      }
    },
    close: async () => server?.close(),
  };
}

describe.each([
  ['local files', filesSetting],
  ['an S3 bucket', bucketSetting],
])('single files by byte range, stored as %s', (_name, makeSetting) => {
  const setting = makeSetting();
  let t: TestApp;
  let fixture: DocumentsFixture;
  let reader: string;
  let storage: DocumentStorage;
  let key: string;
  let fileKey: string;
  /** The bytes the app keeps for that document. */
  let stored: Buffer;

  beforeAll(async () => {
    t = await createTestApp(await setting.env());
    fixture = await createDocumentsFixture(t);
    await setting.place(t);
    storage = chooseStorage(t.config);
    reader = await signIn(t, fixture.reader);
    const own = fixture.documents[TYPES.statements.code]!.find((document) => document.attributes.accountNumber === READER_OWNER.number)!;
    key = encodeDocumentKey({ id: own.id, reportCode: TYPES.statements.code, language: 'en' });
    const row = await t.database.db.selectFrom('documents').select('file_key').where('id', '=', own.id).executeTakeFirstOrThrow();
    fileKey = row.file_key;
    stored = await storage.read(fileKey);
  });
  afterAll(async () => {
    await t?.close();
    await setting.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { cookie: reader, ...headers } });
  const preview = (headers: Record<string, string> = {}) => get(`/dashboard/preview?documentKey=${key}`, headers);

  it('sends the whole file with its length and says ranges are accepted', async () => {
    const whole = await preview();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(stored.length));
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(stored)).toBe(true);
  });

  it('sends the first bytes, a middle slice, the last byte and a tail as partial content', async () => {
    const size = stored.length;
    const third = Math.floor(size / 3);
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=0-99', 0, 99],
      [`bytes=${third}-${2 * third}`, third, 2 * third],
      ['bytes=-1', size - 1, size - 1],
      [`bytes=${size - 100}-`, size - 100, size - 1],
      [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await preview({ range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers['content-length'], range).toBe(String(end - start + 1));
      expect(part.headers['accept-ranges'], range).toBe('bytes');
      expect(part.rawPayload.equals(stored.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('refuses a range past the end with 416 and the file’s size', async () => {
    for (const range of [`bytes=${stored.length}-`, `bytes=${stored.length + 10}-${stored.length + 20}`, 'bytes=-0']) {
      const refused = await preview({ range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe(`bytes */${stored.length}`);
      expect(refused.headers['content-type'], range).toMatch(/^application\/json/);
      expect(refusalOf(refused).error).toBe(ERROR_KEYS.rangeNotSatisfiable);
    }
  });

  it('sends the whole file for a range it does not serve, or one conditional on a version', async () => {
    const ignored: Record<string, string>[] = [
      { range: 'bytes=0-9,20-29' },
      { range: 'bytes=9-0' },
      { range: 'pages=1-2' },
      { range: 'bytes=0-9', 'if-range': '"v1"' },
    ];
    for (const headers of ignored) {
      const whole = await preview(headers);
      expect(whole.statusCode, JSON.stringify(headers)).toBe(200);
      expect(whole.headers['content-range']).toBeUndefined();
      expect(whole.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('serves ranges of downloads and of help documents too', async () => {
    const download = await get(`/dashboard/download?documentKey=${key}`, { range: 'bytes=100-199' });
    expect(download.statusCode).toBe(206);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(stored.subarray(100, 200))).toBe(true);

    const help = (actionNum: number, range?: string) =>
      get(`/documentsrepository/getdocument?documentId=${fixture.help.documentId}&actionNum=${actionNum}`, range ? { range } : {});
    const helpWhole = await help(0);
    expect(helpWhole.statusCode).toBe(200);
    expect(helpWhole.headers['content-length']).toBe(String(helpWhole.rawPayload.length));
    for (const actionNum of [0, 1]) {
      const tail = await help(actionNum, 'bytes=-64');
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(
        `bytes ${helpWhole.rawPayload.length - 64}-${helpWhole.rawPayload.length - 1}/${helpWhole.rawPayload.length}`,
      );
      expect(tail.rawPayload.equals(helpWhole.rawPayload.subarray(-64))).toBe(true);
    }
  });

  it('checks access before it reads a range', async () => {
    const other = fixture.documents[TYPES.statements.code]!.find((document) => document.attributes.accountNumber !== READER_OWNER.number)!;
    const othersKey = encodeDocumentKey({ id: other.id, reportCode: TYPES.statements.code, language: 'en' });
    for (const range of ['bytes=0-9', 'bytes=999999999-']) {
      const refused = await get(`/dashboard/preview?documentKey=${othersKey}`, { range });
      expect(refused.statusCode).toBe(404);
      expect(refusalOf(refused).error).toBe(ERROR_KEYS.notFound);
    }
    expect((await t.app.inject({ url: `/dashboard/preview?documentKey=${key}`, headers: { range: 'bytes=0-9' } })).statusCode).toBe(401);
  });

  it('answers merged previews and zips whole, whatever the range asked', async () => {
    for (const url of ['/dashboard/previewlist', '/dashboard/downloadList']) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        payload: { documentKeyList: [key] },
        headers: { cookie: reader, range: 'bytes=0-9' },
      });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-range']).toBeUndefined();
      expect(answer.headers['accept-ranges']).toBeUndefined();
      expect(answer.rawPayload.length).toBeGreaterThan(10);
    }
  });

  it('reads the bytes from the configured store', async () => {
    const whole = await preview();
    const local = await createFileStorage(t.config.documentsDir).read(fileKey);
    const fromBucket = t.config.storage.kind === 's3';
    expect(whole.rawPayload.subarray(-BUCKET_MARK.length).equals(BUCKET_MARK)).toBe(fromBucket);
    expect(stored.length).toBe(local.length + (fromBucket ? BUCKET_MARK.length : 0));
  });
});
