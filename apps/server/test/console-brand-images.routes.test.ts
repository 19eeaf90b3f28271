import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_IMAGE_MAX_BYTES, CONSOLE_TENANT_ERROR_KEYS, endpoints } from '@portal/contract';
import { solidPng } from '../../../test-support/png.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const cookies: Record<string, string> = {};
let nbw: number;
let lau: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['demo.super', 'demo.internal']) cookies[username] = await signIn(t, username);
  const ids = await t.database.db.selectFrom('experiences').select(['id', 'code']).where('code', 'in', ['NBW', 'LAU']).execute();
  nbw = ids.find((row) => row.code === 'NBW')!.id;
  lau = ids.find((row) => row.code === 'LAU')!.id;
});
afterAll(() => t.close());

const upload = (username: string, experienceId: number, kind: string, body: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/console/experiences/${experienceId}/images/${kind}`,
    headers: { cookie: cookies[username]!, 'content-type': contentType },
    payload: body,
  });
const remove = (username: string, experienceId: number, kind: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/console/experiences/${experienceId}/images/${kind}`,
    headers: { cookie: cookies[username]! },
  });
const imageUrl = (brand: { images: { kind: string; url: string | null }[] }, kind: string) =>
  brand.images.find((image) => image.kind === kind)!.url;

describe('brand images', () => {
  it('replaces a logo with a PNG recognised by its bytes, under an address that changes with them and is cached for a year', async () => {
    const before = answerOf(
      endpoints.getConsoleBrand,
      await t.app.inject({ url: `/api/console/experiences/${nbw}`, headers: { cookie: cookies['demo.internal']! } }),
    ).data;
    const png = solidPng(200, 48);
    // Whatever the request calls it: the bytes decide.
    const brand = answerOf(
      endpoints.replaceConsoleBrandImage,
      await upload('demo.internal', nbw, 'logo', png, 'application/octet-stream'),
    ).data;
    const url = imageUrl(brand, 'logo')!;
    expect(url).not.toBe(imageUrl(before, 'logo'));
    expect(url).toMatch(/^\/branding\/NBW\/logo\?v=[0-9a-f]{16}$/);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
    // An old or missing version is kept only briefly.
    expect((await t.app.inject({ url: imageUrl(before, 'logo')! })).headers['cache-control']).toBe('public, max-age=300');
    expect((await t.app.inject({ url: '/branding/NBW/logo' })).headers['cache-control']).toBe('public, max-age=300');

    // The login page's branding names the new address at once.
    const branding = answerOf(endpoints.experienceBranding, await t.app.inject({ url: '/branding/experience?exp=NBW' }));
    expect(branding.Assets.logo).toBe(url);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'updateExperience')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ code: 'NBW', image: 'logo', contentType: 'image/png' });
    expect(JSON.stringify(audit.after)).not.toContain(png.toString('base64').slice(0, 40));
  });

  it('refuses SVG, other files, wrong sizes and too many bytes, keeping the image it had', async () => {
    const held = imageUrl(
      answerOf(
        endpoints.getConsoleBrand,
        await t.app.inject({ url: `/api/console/experiences/${nbw}`, headers: { cookie: cookies['demo.super']! } }),
      ).data,
      'favicon',
    );
    const cases: [Buffer | string, string, number, string][] = [
      [
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/svg+xml',
        400,
        CONSOLE_TENANT_ERROR_KEYS.imageSvg,
      ],
      ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageSvg],
      [Buffer.from('%PDF-1.7 not an image'), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      [Buffer.alloc(0), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageType],
      [solidPng(8, 8), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageDimensions],
      [solidPng(5000, 20), 'image/png', 400, CONSOLE_TENANT_ERROR_KEYS.imageDimensions],
      [Buffer.concat([solidPng(32, 32), Buffer.alloc(BRAND_IMAGE_MAX_BYTES)]), 'image/png', 413, CONSOLE_TENANT_ERROR_KEYS.imageTooLarge],
    ];
    for (const [body, type, status, key] of cases) {
      const response = await upload('demo.super', nbw, 'favicon', body, type);
      expect(response.statusCode, key).toBe(status);
      expect(refusalOf(response).error, key).toBe(key);
    }
    const text = await upload('demo.super', nbw, 'favicon', 'text', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(refusalOf(text).error).toBe(CONSOLE_TENANT_ERROR_KEYS.imageType);
    const after = answerOf(
      endpoints.getConsoleBrand,
      await t.app.inject({ url: `/api/console/experiences/${nbw}`, headers: { cookie: cookies['demo.super']! } }),
    ).data;
    expect(imageUrl(after, 'favicon')).toBe(held);
  });

  it('removes an optional English logo but never a required image', async () => {
    answerOf(endpoints.replaceConsoleBrandImage, await upload('demo.super', nbw, 'logo-en', solidPng(120, 40)));
    const removed = answerOf(endpoints.removeConsoleBrandImage, await remove('demo.super', nbw, 'logo-en')).data;
    expect(imageUrl(removed, 'logo-en')).toBeNull();
    expect(answerOf(endpoints.experienceBranding, await t.app.inject({ url: '/branding/experience?exp=NBW' })).Assets.logoEn).toBeNull();
    const refused = await remove('demo.super', nbw, 'favicon');
    expect(refused.statusCode).toBe(400);
    expect(refusalOf(refused).error).toBe(CONSOLE_TENANT_ERROR_KEYS.imageRequired);
  });

  it('answers internal staff about another client’s experience as about none, before reading the upload', async () => {
    const response = await upload('demo.internal', lau, 'logo', Buffer.concat([solidPng(32, 32), Buffer.alloc(BRAND_IMAGE_MAX_BYTES)]));
    expect(response.statusCode).toBe(404);
    expect(refusalOf(response).error).toBe(CONSOLE_TENANT_ERROR_KEYS.experienceNotFound);
    expect((await remove('demo.internal', lau, 'logo-en')).statusCode).toBe(404);
  });
});
