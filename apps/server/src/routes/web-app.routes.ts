import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { accountEndpoints, BrandingQuerySchema, documentsEndpoints } from '@portal/contract';
import type { BrandingService } from '../services/branding.service.js';
import { brandedPage } from '../presenters/branded-page.presenter.js';
import { isLocale, resolveExperienceCode, resolveLanguage } from './request-context.js';
import { readWebBuildFiles } from './web-build-manifest.js';

/**
 * The calls a signed-in person's first screen makes as soon as it runs (the startup check, the
 * dashboard's document types): the page has the browser make them beside the scripts, so their
 * answers are here when the app asks, instead of one round trip after the scripts have run.
 */
const SIGNED_IN_FIRST_CALLS = [accountEndpoints.accountStatus.path, documentsEndpoints.getReports.path];

/** A year: hashed build files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app. Its files come with brotli and gzip copies made at build time (see the
 * web app's build/precompress.ts): the copy the browser accepts is sent as it is, with its
 * Content-Encoding, so nothing is compressed per request. Hashed files under /assets/ are
 * cached for a year.
 *
 * The page itself is written per request: its loading frame, title, icon and language are
 * those of the experience the visitor will see (the signed-in person's own, else ?exp or the
 * exp cookie, else the default), in the language the app will start in (?lang, else the
 * caller's), so a phone on a slow network shows the client's colours from
 * the first bytes rather than a white screen. It is always revalidated, so a release is seen at once.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, deps: { branding: BrandingService }): Promise<void> {
  const template = await readFile(path.join(webDistDir, 'index.html'), 'utf8');
  const { textFiles, signedInFiles, signedOutFiles } = await readWebBuildFiles(webDistDir);

  /** The experience asked for, as the app will ask for it: none when the default is to be shown. */
  const askedExperienceOf = async (request: FastifyRequest<{ Querystring: { exp?: unknown; lang?: unknown } }>) => {
    await app.loadAuth(request);
    const fromQuery = BrandingQuerySchema.shape.exp.safeParse(request.query.exp);
    return request.auth?.user.experience_code ?? resolveExperienceCode(request, fromQuery.success ? fromQuery.data : undefined);
  };

  const servePage = async (request: FastifyRequest<{ Querystring: { exp?: unknown; lang?: unknown } }>) => {
    try {
      const askedCode = await askedExperienceOf(request);
      const branded = await deps.branding.getBranding(askedCode);
      // A link the portal mailed names the recipient's language (see portal-links.ts); the app keeps it as the visitor's choice.
      const language = isLocale(request.query.lang) ? request.query.lang : resolveLanguage(request);
      const preloads = [...(textFiles[language] ? [textFiles[language]] : []), ...(request.auth ? signedInFiles : signedOutFiles)];
      const calls = request.auth && !request.auth.mfaPending ? SIGNED_IN_FIRST_CALLS : [];
      return brandedPage(template, { branded, askedCode, language, preloads, calls });
    } catch (error) {
      // The page must load even when the database does not answer: the app shows its own errors.
      request.log.warn({ err: error }, 'the page is sent without its branding');
      return template;
    }
  };
  app.get<{ Querystring: { exp?: unknown; lang?: unknown } }>('/', { schema: { hide: true } }, async (request, reply) => {
    const page = await servePage(request);
    // Private: the frame depends on the visitor's cookies.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(page);
  });

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    // The page is the route above; these are its files.
    index: false,
    preCompressed: true,
    // Our own Cache-Control below, not the library's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
      // Which copy was sent depends on Accept-Encoding: caches between must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
