import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  ensureContrast,
  ExperienceBrandingSchema,
  PAGE_BRANDING_ELEMENT_ID,
  PageBrandingSchema,
  type ExperienceBranding,
} from '@portal/contract';
import { createTestApp, DEMO_PASSWORD, sessionCookieOf, signIn, type TestApp } from './test-app.js';

/** A built web app in miniature: the web app's own page, a hashed script with its two precompressed copies. */
async function writeWebBuild(folder: string) {
  const script = `export const screens = ${JSON.stringify('x'.repeat(4_000))};`;
  await mkdir(path.join(folder, 'assets'), { recursive: true });
  await copyFile(path.join(import.meta.dirname, '../../web/index.html'), path.join(folder, 'index.html'));
  await writeFile(path.join(folder, 'assets', 'index-abc123.js'), script);
  await writeFile(path.join(folder, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(folder, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  await mkdir(path.join(folder, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-r1.js'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    '_app-shell-s1.js': {
      file: 'assets/app-shell-s1.js',
      name: 'app-shell',
      isDynamicEntry: true,
      imports: ['_react-r1.js', '_menus-m1.js'],
    },
    '_menus-m1.js': { file: 'assets/menus-m1.js' },
    'src/app/home-route.tsx': { file: 'assets/home-route-h1.js', name: 'home-route', isDynamicEntry: true, imports: ['_menus-m1.js'] },
    'src/features/usage-reports/usage-reports-page.tsx': {
      file: 'assets/usage-reports-u1.js',
      name: 'usage-reports-page',
      isDynamicEntry: true,
    },
    'src/features/auth/login-page.tsx': {
      file: 'assets/login-page-l1.js',
      name: 'login-page',
      isDynamicEntry: true,
      imports: ['_react-r1.js', '_forms-f1.js'],
    },
    '_forms-f1.js': { file: 'assets/forms-f1.js' },
    'src/i18n/en.json': { file: 'assets/en-e1.js' },
    'src/i18n/fr.json': { file: 'assets/fr-f1.js' },
  };
  await writeFile(path.join(folder, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return script;
}

describe("the web app: compression, caching, and a page in the experience's colours", () => {
  let t: TestApp;
  let webDist: string;
  let script: string;
  let reader: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
    script = await writeWebBuild(webDist);
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    reader = await signIn(t, 'demo.user');
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string) =>
    t.app.inject({ url: '/assets/index-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy made at build time to a browser that takes it, else gzip, else the file', async () => {
    const brotli = await getAsset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const gzip = await getAsset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await getAsset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed files for a year and has the page revalidated', async () => {
    expect((await getAsset('br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-cache');
  });

  const brandingOf = async (code: string) =>
    ExperienceBrandingSchema.parse((await t.app.inject({ url: `/branding/experience?exp=${code}` })).json());
  const framedBy = (html: string, branding: ExperienceBranding) =>
    html.includes(`--portal-boot-body:${branding.Colors.body}`) &&
    html.includes(`--portal-boot-spinner:${ensureContrast(branding.Colors.primary, branding.Colors.body, 3)}`) &&
    html.includes(`<img src="${branding.Assets.logo}"`);

  it("writes the loading frame in the experience's colours, title, icon and language before any script runs", async () => {
    const [nbf, lau] = await Promise.all([brandingOf('NBF'), brandingOf('LAU')]);
    expect(nbf.Colors.body).not.toBe(lau.Colors.body);

    const byQuery = (await t.app.inject({ url: '/?exp=LAU', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } })).body;
    expect(framedBy(byQuery, lau)).toBe(true);
    expect(byQuery).toContain('<html lang="fr">');
    expect(byQuery).toContain('<p id="portal-boot-label">Chargement</p>');
    expect(byQuery).toContain(`<title>${lau.AppTitle ?? 'Portail client'}</title>`);
    expect(byQuery).toContain(`<link rel="icon" href="${lau.Assets.favicon}"`);
    // The texts of the page's language are fetched alongside the scripts, the other language's not at all.
    expect(byQuery).toContain('<link rel="modulepreload" crossorigin href="/assets/fr-f1.js">');
    expect(byQuery).not.toContain('en-e1.js');

    const byCookie = (await t.app.inject({ url: '/', cookies: { exp: 'LAU', lang: 'en' } })).body;
    expect(framedBy(byCookie, lau)).toBe(true);
    expect(byCookie).toContain('<p id="portal-boot-label">Loading</p>');
    expect(byCookie).toContain('href="/assets/en-e1.js"');

    // Signed in, the person's own experience wins over the address, as the app's branding does.
    const signedIn = (await t.app.inject({ url: '/?exp=LAU', headers: { cookie: reader } })).body;
    expect(framedBy(signedIn, nbf)).toBe(true);
  });

  it('writes the page in the language a mailed link names, over the cookie and the browser', async () => {
    const lau = await brandingOf('LAU');
    const fromLink = (
      await t.app.inject({ url: '/?exp=LAU&lang=fr', cookies: { lang: 'en' }, headers: { 'accept-language': 'en-CA,en;q=0.9' } })
    ).body;
    expect(framedBy(fromLink, lau)).toBe(true);
    expect(fromLink).toContain('<html lang="fr">');
    expect(fromLink).toContain('<p id="portal-boot-label">Chargement</p>');
    expect(fromLink).toContain('href="/assets/fr-f1.js"');
    // A language the portal does not have counts as none.
    const unknown = (await t.app.inject({ url: '/?exp=LAU&lang=de', cookies: { lang: 'en' } })).body;
    expect(unknown).toContain('<html lang="en">');
  });

  /** The branding written into the page for the app, if any. */
  const pageBrandingOf = (html: string) => {
    const element = new RegExp(`<script type="application/json" id="${PAGE_BRANDING_ELEMENT_ID}">([^<]*)</script>`).exec(html);
    return element ? PageBrandingSchema.parse(JSON.parse(element[1]!)) : undefined;
  };

  it('writes into the page the answer the branding call would give the app, for the experience the app will ask for', async () => {
    const [nbf, lau, fallback] = await Promise.all([
      brandingOf('NBF'),
      brandingOf('LAU'),
      t.app.inject({ url: '/branding/experience' }).then((answer) => ExperienceBrandingSchema.parse(answer.json())),
    ]);
    expect(pageBrandingOf((await t.app.inject({ url: '/?exp=LAU' })).body)).toEqual({ askedCode: 'LAU', branding: lau });
    expect(pageBrandingOf((await t.app.inject({ url: '/', cookies: { exp: 'LAU' } })).body)).toEqual({ askedCode: 'LAU', branding: lau });
    expect(pageBrandingOf((await t.app.inject({ url: '/' })).body)).toEqual({ askedCode: null, branding: fallback });
    // Signed in, the person's own experience, which is what the app asks for once it knows the person.
    expect(pageBrandingOf((await t.app.inject({ url: '/?exp=LAU', headers: { cookie: reader } })).body)).toEqual({
      askedCode: 'NBF',
      branding: nbf,
    });
    // A code of no experience is not written back: the app asks for it and gets the default.
    const unknown = (await t.app.inject({ url: '/?exp=NOPE' })).body;
    expect(pageBrandingOf(unknown)).toBeUndefined();
    expect(unknown).not.toContain('NOPE');
  });

  it("has a signed-in person's page fetch the first screens' files with the first script, and a visitor's the sign-in page's", async () => {
    const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1]);
    // The frame of signed-in pages and the home page, with what they import that the first script does not bring.
    expect(preloaded((await t.app.inject({ url: '/', headers: { cookie: reader }, cookies: { lang: 'en' } })).body)).toEqual([
      '/assets/en-e1.js',
      '/assets/app-shell-s1.js',
      '/assets/menus-m1.js',
      '/assets/home-route-h1.js',
    ]);
    expect(preloaded((await t.app.inject({ url: '/', cookies: { lang: 'en' } })).body)).toEqual([
      '/assets/en-e1.js',
      '/assets/login-page-l1.js',
      '/assets/forms-f1.js',
    ]);
  });

  it("has a signed-in person's page make the first screen's calls beside the scripts, and nobody else's", async () => {
    const calls = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((link) => link[1]);
    expect(calls((await t.app.inject({ url: '/', headers: { cookie: reader } })).body)).toEqual([
      '/login/account-status',
      '/Dashboard/GetReports',
    ]);
    expect(calls((await t.app.inject({ url: '/' })).body)).toEqual([]);
    // A session still owing its code may make neither call.
    const started = await t.app.inject({
      method: 'POST',
      url: '/login/processlogin',
      payload: { UserName: 'demo.user', Password: DEMO_PASSWORD },
    });
    const pending = sessionCookieOf(started);
    expect(calls((await t.app.inject({ url: '/', headers: { cookie: pending } })).body)).toEqual([]);
  });

  it("writes a brand's title as it is, escaped, whatever characters it holds", async () => {
    const title = 'Save $& <more> $1 "now" </script>';
    const { app_title: original } = await t.database.db
      .selectFrom('experiences')
      .select('app_title')
      .where('code', '=', 'LAU')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('experiences').set({ app_title: title }).where('code', '=', 'LAU').execute();
    const page = (await t.app.inject({ url: '/?exp=LAU' })).body;
    expect(page).toContain('<title>Save $&amp; &lt;more&gt; $1 &quot;now&quot; &lt;/script&gt;</title>');
    // In the page's branding data too: `</script>` cannot end its element early.
    expect(pageBrandingOf(page)?.branding.AppTitle).toBe(title);
    await t.database.db.updateTable('experiences').set({ app_title: original }).where('code', '=', 'LAU').execute();
  });

  it('never writes what the address carries into the page', async () => {
    const nbf = await brandingOf('NBF');
    const hostile = (await t.app.inject({ url: `/?exp=${encodeURIComponent('"><script>alert(1)</script>')}` })).body;
    expect(hostile).not.toContain('alert(1)');
    // A code the rules refuse counts as none: the default experience.
    expect(framedBy(hostile, nbf)).toBe(true);
  });

  it('compresses a large API answer for a browser that takes it, and leaves small ones and files as they are', async () => {
    const list = await t.app.inject({
      method: 'POST',
      url: '/Dashboard/ReportData/NBF-STMT',
      payload: { page: 1, perPage: 100 },
      headers: { cookie: reader, 'accept-encoding': 'br, gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(list.rawPayload).toString();
    const answer = endpoints.reportData.response.parse(JSON.parse(text));
    expect(answer.Results.length).toBeGreaterThan(1);
    expect(list.rawPayload.length).toBeLessThan(text.length / 3);

    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();

    const pdf = await t.app.inject({
      url: `/dashboard/download?documentKey=${String(answer.Results[0]!.key)}`,
      headers: { cookie: reader, 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
