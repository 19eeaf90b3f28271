import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_COLOR_NAMES, ExperienceBrandingSchema } from '@portal/contract';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /branding/experience', () => {
  it('gives each experience its own colours, title and images', async () => {
    const nbf = ExperienceBrandingSchema.parse((await t.app.inject({ url: '/branding/experience?exp=NBF' })).json());
    const lau = ExperienceBrandingSchema.parse((await t.app.inject({ url: '/branding/experience?exp=LAU' })).json());
    expect(Object.keys(nbf.Colors).sort()).toEqual([...BRAND_COLOR_NAMES].sort());
    expect(nbf.Colors.primary).not.toBe(lau.Colors.primary);
    expect(nbf.AppTitle).toBe('Northbridge Documents');
    // Each address carries the version of the image's bytes.
    expect(lau.Assets.logo).toMatch(/^\/branding\/LAU\/logo\?v=[0-9a-f]{16}$/);
    expect(lau.Assets.logoEn).toMatch(/^\/branding\/LAU\/logo-en\?v=[0-9a-f]{16}$/);
    expect(lau.Assets.logoEn).not.toContain(lau.Assets.logo.split('?v=')[1]);
    expect(nbf.Assets.logoEn).toBeNull();
  });

  it('falls back to the first experience for an unknown or missing code, and reads the exp cookie', async () => {
    expect((await t.app.inject({ url: '/branding/experience?exp=unknown' })).json().Code).toBe('NBF');
    expect((await t.app.inject({ url: '/branding/experience' })).json().Code).toBe('NBF');
    expect((await t.app.inject({ url: '/branding/experience', cookies: { exp: 'lat' } })).json().Code).toBe('LAT');
  });
});

describe('GET /branding/:code/:kind', () => {
  it('serves the images as SVG, cacheable', async () => {
    const logo = await t.app.inject({ url: '/branding/NBW/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.headers['cache-control']).toContain('max-age');
    expect(logo.body).toContain('Gestion de patrimoine Northbridge');
    const favicon = await t.app.inject({ url: '/branding/nbw/favicon' });
    expect(favicon.body).toContain('<svg');
  });

  it('answers 404 for a missing image and 400 for an unknown kind', async () => {
    expect((await t.app.inject({ url: '/branding/NBF/logo-en' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/branding/NBF/../../etc' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/branding/NBF/secret' })).statusCode).toBe(400);
  });
});
