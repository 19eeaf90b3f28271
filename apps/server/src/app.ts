import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { composeServices } from './compose-services.js';
import errorsPlugin from './plugins/errors.plugin.js';
import securityPlugin from './plugins/security.plugin.js';
import { registerCustomerViewRoutes } from './routes/customer-view.routes.js';
import sessionPlugin from './plugins/session.plugin.js';
import customerViewPlugin from './plugins/customer-view.plugin.js';
import apiKeyPlugin from './plugins/api-key.plugin.js';
import scimPlugin from './plugins/scim.plugin.js';
import openapiPlugin from './plugins/openapi.plugin.js';
import metricsPlugin from './plugins/metrics.plugin.js';
import requestIdPlugin, { requestIdOf } from './plugins/request-id.plugin.js';
import { withSecretsOutOfRequestLogs } from './plugins/request-log-redaction.js';
import { createPortalMetrics } from './metrics/portal-metrics.js';
import { registerAccountRoutes } from './routes/account.routes.js';
import { registerSecurityRoutes } from './routes/security.routes.js';
import { registerEvidenceRoutes } from './routes/evidence.routes.js';
import { registerLegalHoldsRoutes } from './routes/legal-holds.routes.js';
import { registerFederationRoutes } from './routes/federation.routes.js';
import { registerIdentityConnectionsRoutes } from './routes/identity-connections.routes.js';
import { registerScimRoutes } from './routes/scim.routes.js';
import { registerAcknowledgementsRoutes } from './routes/acknowledgements.routes.js';
import { registerDeliveryConsentRoutes } from './routes/delivery-consent.routes.js';
import { registerPaperQueueRoutes } from './routes/paper-queue.routes.js';
import { registerOwnSessionsRoutes } from './routes/own-sessions.routes.js';
import { registerPasskeysRoutes } from './routes/passkeys.routes.js';
import { registerDocumentsRoutes } from './routes/documents.routes.js';
import { registerBrandingRoutes } from './routes/branding.routes.js';
import { registerRegistrationRoutes } from './routes/registration.routes.js';
import { registerSessionRoutes } from './routes/session.routes.js';
import { registerUsageReportsRoutes } from './routes/usage-reports.routes.js';
import { registerUserManagementRoutes } from './routes/user-management.routes.js';
import { registerIngestionRoutes } from './routes/ingestion.routes.js';
import { registerApiKeysRoutes } from './routes/api-keys.routes.js';
import { registerWebhooksRoutes } from './routes/webhooks.routes.js';
import { registerRetentionRoutes } from './routes/retention.routes.js';
import { registerDigestRoutes } from './routes/digest.routes.js';
import { registerConsoleTenantsRoutes } from './routes/console-tenants.routes.js';
import { registerConsoleHelpContentRoutes } from './routes/console-help-content.routes.js';
import { registerConsoleDocumentTypesRoutes } from './routes/console-document-types.routes.js';
import { registerConsoleAuditRoutes } from './routes/console-audit.routes.js';
import { registerThumbnailsRoutes } from './routes/thumbnails.routes.js';
import { registerWebApp } from './routes/web-app.routes.js';
import { createDownloadGate } from './routes/download-gate.js';
import { createSearchGate } from './routes/search-gate.js';
import readYourWritesPlugin from './plugins/read-your-writes.plugin.js';
import { presentReplica } from './presenters/replica.presenter.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Plugins, then routes, then error handling. Never listens: tests drive it with inject(). */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Requests are logged with their addresses, whose secrets (a one-click unsubscribe token) are redacted.
    logger: withSecretsOutOfRequestLogs(logger ?? { level: config.logLevel }),
    // Path parameters as long as a document's external id (200 characters, some of them percent-encoded).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 1_000 },
    trustProxy: config.trustedProxies,
    bodyLimit: 1_048_576,
    genReqId: requestIdOf,
  });
  const metrics = createPortalMetrics();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { services, sessionStore, apiKeyAuthentication, health, readFloors, scheduledJobs, stopJobQueue } = await composeServices(
    config,
    database,
    app.log,
    metrics,
  );
  app.addHook('onClose', stopJobQueue);
  app.decorate('scheduledJobs', scheduledJobs);

  await app.register(errorsPlugin);
  if (database.replicaStates().length > 0) await app.register(readYourWritesPlugin, { floors: readFloors });
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  // Answers over 1 kB (lists, dashboards, spreadsheets) go brotli or gzip to browsers that take
  // it; files already compressed (PDFs, zips, images) and the web app's precompressed files pass as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(securityPlugin, { isProduction: config.isProduction, publicUrl: config.publicUrl });
  await app.register(cookie);
  await app.register(sessionPlugin, {
    sessions: sessionStore.sessions,
    users: sessionStore.users,
    idleMinutes: config.session.idleMinutes,
    maxHours: config.session.maxHours,
    secureCookies: config.isProduction,
    customerViews: services.customerView,
  });
  await app.register(customerViewPlugin, { customerViews: services.customerView });
  await app.register(apiKeyPlugin, { authentication: apiKeyAuthentication });
  await app.register(scimPlugin, { scim: services.scim });
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await health.ping();
      const replicas = database.replicaStates();
      return { status: 'ok', database: database.backend, ...(replicas.length > 0 && { replicas: replicas.map(presentReplica) }) };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerSessionRoutes(app, services, { secureCookies: config.isProduction });
  registerBrandingRoutes(app, services);
  registerAccountRoutes(app, services);
  registerSecurityRoutes(app, services, { secureCookies: config.isProduction });
  registerOwnSessionsRoutes(app, services);
  registerCustomerViewRoutes(app, services);
  registerPasskeysRoutes(app, services, { secureCookies: config.isProduction });
  // One gate for every heavy answer, so a person's zips, merged PDFs and spreadsheets count together.
  const downloads = createDownloadGate(config.heavyDownloadsPerPerson);
  // One gate for the reads a person shapes on the search pool (lists, searches, access previews).
  const searches = createSearchGate(config.searchesPerPerson);
  registerDocumentsRoutes(app, services, { downloads, searches });
  registerThumbnailsRoutes(app, services);
  registerRegistrationRoutes(app, services);
  registerUsageReportsRoutes(app, services, downloads);
  registerUserManagementRoutes(app, services, searches);
  registerEvidenceRoutes(app, services);
  registerLegalHoldsRoutes(app, services);
  registerIdentityConnectionsRoutes(app, services, { publicUrl: config.publicUrl });
  registerScimRoutes(app, services, { publicUrl: config.publicUrl });
  registerFederationRoutes(app, services, { publicUrl: config.publicUrl });
  registerAcknowledgementsRoutes(app, services);
  registerDeliveryConsentRoutes(app, services);
  registerPaperQueueRoutes(app, services);
  registerIngestionRoutes(app, services, config.ingestion);
  registerApiKeysRoutes(app, services);
  registerWebhooksRoutes(app, services);
  registerRetentionRoutes(app, services);
  registerDigestRoutes(app, services);
  registerConsoleTenantsRoutes(app, services);
  registerConsoleHelpContentRoutes(app, services);
  registerConsoleDocumentTypesRoutes(app, services);
  registerConsoleAuditRoutes(app, services);

  if (existsSync(config.webDistDir)) await registerWebApp(app, config.webDistDir, services);

  return app;
}
