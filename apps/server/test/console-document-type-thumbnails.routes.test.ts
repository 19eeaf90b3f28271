import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import {
  BRAND_IMAGE_MAX_BYTES,
  CONSOLE_DOCUMENT_TYPE_ERROR_KEYS,
  CONSOLE_TENANT_ERROR_KEYS,
  ERROR_KEYS,
  endpoints,
  thumbnailPath,
  type ConsoleDocumentType,
} from '@portal/contract';
import { solidPng } from '../../../test-support/png.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const username of ['demo.super', 'demo.internal', 'demo.user']) cookies[username] = await signIn(t, username);
});
afterAll(() => t.close());

const thumbnailUrl = (clientId: number, typeId: number) => `/api/console/clients/${clientId}/document-types/${typeId}/thumbnail`;
const upload = (username: string, clientId: number, typeId: number, body: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: thumbnailUrl(clientId, typeId),
    headers: { cookie: cookies[username]!, 'content-type': contentType },
    payload: body,
  });
const remove = (username: string, clientId: number, typeId: number) =>
  t.app.inject({ method: 'DELETE', url: thumbnailUrl(clientId, typeId), headers: { cookie: cookies[username]! } });
/** Fetched as a browser's img element would: no session needed. */
const fetchImage = (url: string) => t.app.inject({ url });

const typeOf = async (code: string): Promise<ConsoleDocumentType> => {
  const clientId = clientIds[code.split('-')[0]!]!;
  const types = answerOf(
    endpoints.listConsoleDocumentTypes,
    await t.app.inject({ url: `/api/console/clients/${clientId}/document-types`, headers: { cookie: cookies['demo.super']! } }),
  ).data;
  return types.find((type) => type.code === code)!;
};
const tileOf = async (code: string) =>
  answerOf(
    endpoints.getReports,
    await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: cookies['demo.user']! } }),
  ).ReportsInfos.find((report) => report.Code === code)!;
const lastTypeAudit = () =>
  t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'updateDocumentType')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A real ICO file holding one PNG image, as icon editors write them. */
function icoOf(png: Buffer, side: number): Buffer {
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.set([side, side, 0, 0], 0);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

describe('the demo types’ images', () => {
  it('are real images, named on the dashboard tiles and served to anyone', async () => {
    const tiles = answerOf(
      endpoints.getReports,
      await t.app.inject({ url: '/Dashboard/GetReports', headers: { cookie: cookies['demo.user']! } }),
    ).ReportsInfos;
    expect(tiles.length).toBeGreaterThanOrEqual(3);
    for (const tile of tiles) {
      const type = await typeOf(tile.Code);
      expect(tile.ThumbnailInfo, tile.Code).toEqual({
        filename: expect.stringMatching(`^${type.id}-[0-9a-f]{16}\\.png$`),
        width: 64,
        height: 64,
      });
      const served = await fetchImage(thumbnailPath(tile.ThumbnailInfo!.filename));
      expect(served.statusCode, tile.Code).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(imageSize(served.rawPayload)).toMatchObject({ type: 'png', width: 64, height: 64 });
      expect(tile.ThumbnailInfo!.filename).toContain(sha256(served.rawPayload).slice(0, 16));
    }
  });
});

describe('replacing a type’s image', () => {
  it('serves a super user’s PNG under a new name on the tile, cached for a year, and the old name no more', async () => {
    const type = await typeOf('NBF-STMT');
    const oldName = (await tileOf('NBF-STMT')).ThumbnailInfo!.filename;
    const png = solidPng(48, 32, [180, 40, 40]);
    // Whatever the request calls it: the bytes decide.
    const saved = answerOf(
      endpoints.replaceConsoleDocumentTypeThumbnail,
      await upload('demo.super', clientIds.NBF!, type.id, png, 'application/octet-stream'),
    ).data;
    const name = `${type.id}-${sha256(png).slice(0, 16)}.png`;
    expect(saved.thumbnail).toEqual({ url: thumbnailPath(name), width: 48, height: 32 });
    expect((await typeOf('NBF-STMT')).thumbnail).toEqual(saved.thumbnail);
    expect((await tileOf('NBF-STMT')).ThumbnailInfo).toEqual({ filename: name, width: 48, height: 32 });

    const served = await fetchImage(thumbnailPath(name));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const old = await fetchImage(thumbnailPath(oldName));
    expect(old.statusCode).toBe(404);
    expect(refusalOf(old).error).toBe(ERROR_KEYS.notFound);
    expect(old.headers['cache-control']).not.toContain('immutable');
  });

  it('lets internal staff replace their own client’s image, as an ICO then a PNG, each name serving its own bytes only', async () => {
    const type = await typeOf('NBF-TAX');
    const ico = icoOf(solidPng(32, 32, [20, 120, 60]), 32);
    const first = answerOf(
      endpoints.replaceConsoleDocumentTypeThumbnail,
      await upload('demo.internal', clientIds.NBF!, type.id, ico, 'image/x-icon'),
    ).data;
    const icoName = `${type.id}-${sha256(ico).slice(0, 16)}.ico`;
    expect(first.thumbnail).toEqual({ url: thumbnailPath(icoName), width: 32, height: 32 });
    const servedIco = await fetchImage(thumbnailPath(icoName));
    expect(servedIco.headers['content-type']).toBe('image/x-icon');
    expect(servedIco.rawPayload.equals(ico)).toBe(true);

    const png = solidPng(40, 40, [20, 60, 120]);
    const second = answerOf(
      endpoints.replaceConsoleDocumentTypeThumbnail,
      await upload('demo.internal', clientIds.NBF!, type.id, png),
    ).data;
    const pngName = `${type.id}-${sha256(png).slice(0, 16)}.png`;
    expect(second.thumbnail?.url).toBe(thumbnailPath(pngName));
    expect((await fetchImage(thumbnailPath(pngName))).rawPayload.equals(png)).toBe(true);
    expect((await fetchImage(thumbnailPath(icoName))).statusCode).toBe(404);
    // The new bytes under the old name's extension, or the hash under another type's id, name nothing.
    expect((await fetchImage(thumbnailPath(pngName.replace(/\.png$/, '.ico')))).statusCode).toBe(404);
    const other = await typeOf('NBF-NOTICE');
    expect((await fetchImage(thumbnailPath(pngName.replace(/^\d+-/, `${other.id}-`)))).statusCode).toBe(404);
  });

  it('audits the image’s name and size before and after, never its bytes', async () => {
    const type = await typeOf('NBF-NOTICE');
    const before = type.thumbnail;
    const png = solidPng(24, 24, [90, 90, 200]);
    answerOf(endpoints.replaceConsoleDocumentTypeThumbnail, await upload('demo.super', clientIds.NBF!, type.id, png));
    const audit = await lastTypeAudit();
    expect(audit.client_id).toBe(clientIds.NBF);
    expect(audit.before).toMatchObject({
      reportId: type.id,
      reportCode: 'NBF-NOTICE',
      thumbnail: { filename: before!.url.split('/').pop() },
    });
    expect(audit.after).toMatchObject({
      reportId: type.id,
      thumbnail: { filename: `${type.id}-${sha256(png).slice(0, 16)}.png`, width: 24, height: 24 },
    });
    expect(JSON.stringify(audit)).not.toContain(png.toString('base64').slice(0, 24));
    expect(JSON.stringify(audit)).not.toContain(png.toString('hex').slice(0, 48));

    // The same image again changes nothing and writes no entry.
    answerOf(endpoints.replaceConsoleDocumentTypeThumbnail, await upload('demo.super', clientIds.NBF!, type.id, png));
    expect((await lastTypeAudit()).id).toBe(audit.id);
  });

  it('refuses SVG, other files, wrong sizes and too many bytes with their keys, keeping the image the type had', async () => {
    const type = await typeOf('LAU-BILL');
    const held = (await typeOf('LAU-BILL')).thumbnail;
    const cases: [Buffer | string, string, number, string][] = [
      [
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
        400,
        CONSOLE_TENANT_ERROR_KEYS.imageSvg,
      ],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageSvg],
      [Buffer.from('%PDF-1.7 not an image'), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      [Buffer.alloc(0), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      ['just text', 'text/plain', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      [JSON.stringify({ image: 'x' }), 'application/json', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      [solidPng(8, 8), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageDimensions],
      [solidPng(4100, 20), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageDimensions],
      [Buffer.concat([solidPng(32, 32), Buffer.alloc(BRAND_IMAGE_MAX_BYTES)]), 'image/png', 413, CONSOLE_TENANT_ERROR_KEYS.imageTooLarge],
    ];
    for (const [body, contentType, status, key] of cases) {
      const response = await upload('demo.super', clientIds.LAU!, type.id, body, contentType);
      expect(response.statusCode, `${key} ${contentType}`).toBe(status);
      expect(refusalOf(response).error, `${key} ${contentType}`).toBe(key);
    }
    expect((await typeOf('LAU-BILL')).thumbnail).toEqual(held);
  });
});

describe('who may change a type’s image', () => {
  it('refuses internal staff another client’s type with 403 before reading the upload', async () => {
    const type = await typeOf('LAU-USAGE');
    const oversized = Buffer.concat([solidPng(32, 32), Buffer.alloc(BRAND_IMAGE_MAX_BYTES)]);
    for (const response of [
      await upload('demo.internal', clientIds.LAU!, type.id, oversized),
      await upload('demo.internal', clientIds.LAU!, type.id, '<svg/>', 'image/svg+xml'),
      await remove('demo.internal', clientIds.LAU!, type.id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    expect((await typeOf('LAU-USAGE')).thumbnail).not.toBeNull();
  });

  it('answers a type that is not the named client’s as one that does not exist, before reading the upload', async () => {
    const foreign = await typeOf('LAU-CONTRACT');
    const oversized = Buffer.concat([solidPng(32, 32), Buffer.alloc(BRAND_IMAGE_MAX_BYTES)]);
    for (const response of [
      await upload('demo.super', clientIds.NBF!, foreign.id, oversized),
      await upload('demo.internal', clientIds.NBF!, foreign.id, solidPng(32, 32)),
      await upload('demo.super', clientIds.NBF!, 2_000_000_000, solidPng(32, 32)),
      await remove('demo.super', clientIds.NBF!, foreign.id),
      await remove('demo.internal', clientIds.NBF!, foreign.id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(refusalOf(response).error).toBe(CONSOLE_DOCUMENT_TYPE_ERROR_KEYS.documentTypeNotFound);
    }
    expect((await typeOf('LAU-CONTRACT')).thumbnail).not.toBeNull();
  });

  it('refuses a user and nobody signed in', async () => {
    const type = await typeOf('NBF-STMT');
    const user = await upload('demo.user', clientIds.NBF!, type.id, solidPng(32, 32));
    expect(user.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: thumbnailUrl(clientIds.NBF!, type.id),
      headers: { 'content-type': 'image/png' },
      payload: solidPng(32, 32),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('removing a type’s image', () => {
  it('brings back the portal’s icon on the tile, the old name no longer serving, audited once', async () => {
    const type = await typeOf('NBF-STMT');
    const oldName = (await tileOf('NBF-STMT')).ThumbnailInfo!.filename;
    const removed = answerOf(endpoints.removeConsoleDocumentTypeThumbnail, await remove('demo.internal', clientIds.NBF!, type.id)).data;
    expect(removed.thumbnail).toBeNull();
    expect((await tileOf('NBF-STMT')).ThumbnailInfo).toBeNull();
    expect((await fetchImage(thumbnailPath(oldName))).statusCode).toBe(404);
    const audit = await lastTypeAudit();
    expect(audit.before).toMatchObject({ reportCode: 'NBF-STMT', thumbnail: { filename: oldName } });
    expect(audit.after).toMatchObject({ reportCode: 'NBF-STMT', thumbnail: null });
    const rows = await t.database.db.selectFrom('report_thumbnails').select('report_id').where('report_id', '=', type.id).execute();
    expect(rows).toEqual([]);

    // Nothing left to remove: the same answer, no second entry.
    expect(
      answerOf(endpoints.removeConsoleDocumentTypeThumbnail, await remove('demo.super', clientIds.NBF!, type.id)).data.thumbnail,
    ).toBeNull();
    expect((await lastTypeAudit()).id).toBe(audit.id);
  });
});

describe('thumbnail addresses', () => {
  it('answer a name that is not a thumbnail’s 400 or 404, never an error of the server', async () => {
    const type = await typeOf('LAU-BILL');
    const current = type.thumbnail!.url.split('/').pop()!;
    const cases: [string, number][] = [
      ['/thumbnails/logo.svg', 400],
      ['/thumbnails/..%2F..%2Fetc%2Fpasswd', 400],
      [`/thumbnails/${current.toUpperCase()}`, 400],
      [`/thumbnails/${current}%00`, 400],
      [`/thumbnails/0-${'0'.repeat(16)}.png`, 400],
      [`/thumbnails/${type.id}-${'0'.repeat(16)}.png`, 404],
      [`/thumbnails/9999999999-${'0'.repeat(16)}.png`, 404],
      [`/thumbnails/${current.replace(/\.png$/, '.webp')}`, 404],
      ['/thumbnails/', 404],
    ];
    for (const [url, status] of cases) {
      const response = await fetchImage(url);
      expect(response.statusCode, url).toBe(status);
      expect(refusalOf(response).error, url).toBe(status === 400 ? ERROR_KEYS.validation : ERROR_KEYS.notFound);
    }
    expect((await fetchImage(thumbnailPath(current))).statusCode).toBe(200);
  });
});
