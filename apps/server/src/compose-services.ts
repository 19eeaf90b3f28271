import { createCustomerViewsRepository } from './db/repositories/customer-views.repository.js';
import { createCustomerViewService } from './services/customer-view.service.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { createAccessEvidenceRepository } from './db/repositories/access-evidence.repository.js';
import { createAcknowledgementsRepository } from './db/repositories/acknowledgements.repository.js';
import { createDeliveryConsentRepository } from './db/repositories/delivery-consent.repository.js';
import { createDocumentsRepository } from './db/repositories/documents.repository.js';
import { createHelpContentRepository } from './db/repositories/help-content.repository.js';
import { createConnectionLogRepository } from './db/repositories/connection-log.repository.js';
import { createExperiencesRepository } from './db/repositories/experiences.repository.js';
import { createHealthRepository } from './db/repositories/health.repository.js';
import { createReadFloorsRepository } from './db/repositories/read-floors.repository.js';
import { createOneTimeCodesRepository } from './db/repositories/one-time-codes.repository.js';
import { createPasswordTokensRepository } from './db/repositories/password-tokens.repository.js';
import { createRateLimitsRepository } from './db/repositories/rate-limits.repository.js';
import { createSessionsRepository } from './db/repositories/sessions.repository.js';
import { createUsersRepository } from './db/repositories/users.repository.js';
import { createUsageReportsRepository } from './db/repositories/usage-reports.repository.js';
import { createAuditLogRepository } from './db/repositories/audit-log.repository.js';
import { createApiKeysRepository } from './db/repositories/api-keys.repository.js';
import { createManagedUsersRepository } from './db/repositories/managed-users.repository.js';
import { createReportAccessRepository } from './db/repositories/report-access.repository.js';
import { createSubscriptionsRepository } from './db/repositories/subscriptions.repository.js';
import { createIngestedDocumentsRepository } from './db/repositories/ingested-documents.repository.js';
import { createDigestRepository } from './db/repositories/digest.repository.js';
import { createLegalHoldsRepository } from './db/repositories/legal-holds.repository.js';
import { createPaperQueueRepository } from './db/repositories/paper-queue.repository.js';
import { createNoticesRepository } from './db/repositories/notices.repository.js';
import { createRetentionRepository } from './db/repositories/retention.repository.js';
import { createServerSecretsRepository } from './db/repositories/server-secrets.repository.js';
import { createDocumentTextsRepository } from './db/repositories/document-texts.repository.js';
import { createDocumentTextsService } from './services/document-texts/document-texts.service.js';
import { startTextExtraction } from './jobs/text-extraction.js';
import { createTransact } from './db/transact.js';
import { startJobQueue, waitingJobs } from './jobs/job-queue.js';
import { startOutbox } from './jobs/outbox.js';
import type { PortalMetrics } from './metrics/portal-metrics.js';
import { listPortalJobs } from './jobs/portal-jobs.js';
import { describeScheduledJobs, startScheduledJobs } from './jobs/scheduled-jobs.js';
import { createAccountService } from './services/account.service.js';
import { createApiKeyAuthenticationService } from './services/api-key-authentication.service.js';
import { createTenantsRepository } from './db/repositories/tenants.repository.js';
import { createTenantConsoleService } from './services/tenant-console.service.js';
import { createDocumentTypesEditorRepository } from './db/repositories/document-types-editor.repository.js';
import { createDocumentTypesEditorService } from './services/document-types-editor.service.js';
import { createDocumentTypeThumbnailsRepository } from './db/repositories/document-type-thumbnails.repository.js';
import { createDocumentTypeThumbnailsService } from './services/document-type-thumbnails.service.js';
import { createApiKeysService } from './services/api-keys.service.js';
import { createAuditLogReaderRepository } from './db/repositories/audit-log-reader.repository.js';
import { createAuditLogViewerService } from './services/audit-log-viewer.service.js';
import { createDigestPreferenceService } from './services/digest-preference.service.js';
import { createDigestTokens } from './services/digest-tokens.js';
import { createDigestService } from './services/digest.service.js';
import { createAccessEvidenceService } from './services/access-evidence.service.js';
import { createEvidencePackService } from './services/evidence-pack/evidence-pack.service.js';
import { createDocumentsService } from './services/documents.service.js';
import { createReportAccessPreviewService } from './services/report-access-preview.service.js';
import { createHelpContentService } from './services/help-content.service.js';
import { createHelpContentEditorRepository } from './db/repositories/help-content-editor.repository.js';
import { createHelpContentEditorService } from './services/help-content-editor.service.js';
import { createIngestionService } from './services/ingestion/ingestion.service.js';
import { createBrandingService } from './services/branding.service.js';
import { createMfaService } from './services/mfa.service.js';
import { createFederatedSignInService } from './services/federation/federated-sign-in.service.js';
import { createIdentityConnectionsService } from './services/federation/identity-connections.service.js';
import { portalAddressesOf } from './services/federation/portal-addresses.js';
import { createProviderDirectory } from './services/federation/provider-directory.js';
import { createIdentityConnectionsRepository } from './db/repositories/identity-connections.repository.js';
import { createScimRepository } from './db/repositories/scim.repository.js';
import { createScimService } from './services/scim/scim.service.js';
import { createScimGroupsService } from './services/scim/scim-groups.service.js';
import { createScimGroupsRepository } from './db/repositories/scim-groups.repository.js';
import { createNotifier } from './services/notifier.service.js';
import { createMailLogos } from './services/messages/mail-logos.js';
import { createOneTimeCodeService } from './services/one-time-codes.service.js';
import { createPasswordPolicy } from './services/password-policy.service.js';
import { createPasswordRecoveryService } from './services/password-recovery.service.js';
import { createProfileService } from './services/profile.service.js';
import { createRateLimiter } from './services/rate-limiter.js';
import { createSessionIssuer } from './services/session-issuer.js';
import { createOwnSessionsService } from './services/own-sessions.service.js';
import { createTrustedDevicesService } from './services/trusted-devices.service.js';
import { createTrustedDevicesRepository } from './db/repositories/trusted-devices.repository.js';
import { createPasskeysRepository } from './db/repositories/passkeys.repository.js';
import { createPasskeysService, relyingPartyOf } from './services/passkeys.service.js';
import { createManagedSessionsService } from './services/managed-sessions.service.js';
import { createSessionLanguageService } from './services/session-language.service.js';
import { createSignInService } from './services/sign-in.service.js';
import { createUsageReportsService } from './services/usage-reports.service.js';
import { createReportAccessService } from './services/report-access.service.js';
import { createAcknowledgementsService } from './services/acknowledgements.service.js';
import { createDeliveryConsentService } from './services/delivery-consent/delivery-consent.service.js';
import { createLegalHoldsService } from './services/legal-holds.service.js';
import { createPaperQueueService } from './services/paper-queue.service.js';
import { createNoticesService } from './services/notices.service.js';
import { createDigestMailer } from './services/digest-mailer.js';
import { createRetentionService } from './services/retention.service.js';
import { createUserManagementService } from './services/user-management.service.js';
import { createOnboardingService } from './services/onboarding.service.js';
import { createRegistrationService } from './services/registration.service.js';
import { createSubscriptionService } from './services/subscriptions.service.js';
import { chooseTransports } from './transports/choose-transports.js';
import { composeWebhooks } from './compose-webhooks.js';

/**
 * The composition root: every repository, transport and service, wired once with explicit
 * dependencies. Routes get the services alone; the few repositories the app itself needs
 * (the session plugin, the health check) are handed out apart.
 */
export async function composeServices(config: AppConfig, database: DatabaseHandle, logger: FastifyBaseLogger, metrics: PortalMetrics) {
  const { db } = database;
  const transports = chooseTransports(config);
  const transact = createTransact(db);
  // The reads a person shapes (lists, counts, searches, passages, access previews) are cancelled when
  // they run away; they, the FAQ and usage spreadsheets go to a read replica if any (database.reads).
  const searchDb = database.reads(config.searchStatementTimeoutMs);
  const readDb = database.reads(0);
  const users = createUsersRepository(db);
  const boundedDocuments = createDocumentsRepository(searchDb, { rankedAtMost: config.searchRankedAtMost });
  const sessions = createSessionsRepository(db);
  const accessEvidence = createAccessEvidenceRepository(db);
  const acknowledgements = createAcknowledgementsRepository(db);
  const deliveryConsent = createDeliveryConsentRepository(db);
  const experiences = createExperiencesRepository(db);
  const connectionLog = createConnectionLogRepository(db);
  const rateLimiter = createRateLimiter({ rateLimits: createRateLimitsRepository(db) });

  // One job queue per process: the outbox's deliveries and the scheduled jobs share it.
  const jobQueue = await startJobQueue({ database, logger, runSchedules: config.scheduledJobs });
  const mailLogos = createMailLogos({ experiences, logger });
  const notices = createNoticesRepository(db);
  const outbox = await startOutbox({
    queue: jobQueue,
    mail: transports.mail,
    inlineImagesOf: mailLogos.inlineImagesOf,
    sms: transports.sms,
    logger,
    pollingIntervalSeconds: config.jobPollSeconds,
    onAttempt: metrics.observeDelivery,
    onNoticeResult: (sent, outcome) => services.notices.recordAnswer(sent, outcome),
  });
  metrics.readFrom({ ...database, waitingJobs: () => waitingJobs(jobQueue) });
  const documentTexts = createDocumentTextsRepository(db);
  // Each stored document's text is read by a job queued with its row, off the request path.
  const textExtraction = await startTextExtraction({
    queue: jobQueue,
    texts: createDocumentTextsService({ texts: documentTexts, storage: transports.storage, logger }),
    logger,
    pollingIntervalSeconds: config.jobPollSeconds,
  });
  const notifier = createNotifier({
    outbox,
    experiences,
    logos: mailLogos,
    publicUrl: config.publicUrl,
    codeTtlMinutes: config.codes.ttlMinutes,
    resetTokenTtlMinutes: config.resetTokenTtlMinutes,
    welcomeTokenTtlDays: config.welcomeTokenTtlDays,
    logCodes: transports.mail.kind === 'file' && !config.isProduction,
    logger,
  });
  const codes = createOneTimeCodeService({
    codes: createOneTimeCodesRepository(db),
    ttlMinutes: config.codes.ttlMinutes,
    maxAttempts: config.codes.maxAttempts,
  });
  const policy = createPasswordPolicy({ users, ...config.passwordPolicy });
  const issuer = createSessionIssuer({ sessions, maxHours: config.session.maxHours });
  const trustedDevicesRepository = createTrustedDevicesRepository(db);
  const trustedDevices = createTrustedDevicesService({
    devices: trustedDevicesRepository,
    connectionLog,
    days: config.trustedDeviceDays,
  });
  const mfa = createMfaService({ codes, notifier, sessions, issuer, connectionLog, trustedDevices, transact });
  const passkeysRepository = createPasskeysRepository(db);
  const passkeys = createPasskeysService({
    passkeys: passkeysRepository,
    mfa,
    relyingParty: relyingPartyOf(config.publicUrl),
    transact,
  });
  const recovery = createPasswordRecoveryService({
    users,
    tokens: createPasswordTokensRepository(db),
    sessions,
    policy,
    notifier,
    rateLimiter,
    transact,
    tokenTtlMinutes: config.resetTokenTtlMinutes,
    welcomeTokenTtlDays: config.welcomeTokenTtlDays,
  });
  const managedUsers = createManagedUsersRepository(db);
  const identityConnections = createIdentityConnectionsRepository(db);
  const providers = createProviderDirectory({ secrets: createServerSecretsRepository(db), allowLoopbackHttp: !config.isProduction });
  const scim = createScimRepository(db);
  const reportAccess = createReportAccessRepository(db);
  const audit = createAuditLogRepository();
  const apiKeys = createApiKeysRepository(db);
  const subscriptions = createSubscriptionService({ subscriptions: createSubscriptionsRepository(db), reportAccess });
  const digestRepository = createDigestRepository(db);
  const paperQueue = createPaperQueueRepository(db);
  const digestMail = {
    digest: digestRepository,
    notices,
    experiences,
    logos: mailLogos,
    tokens: createDigestTokens({ secrets: createServerSecretsRepository(db) }),
    outbox,
    transact,
    publicUrl: config.publicUrl,
  };

  const documentTypes = createDocumentTypesEditorRepository(db, database.backend);
  const webhooks = await composeWebhooks({ db, config, queue: jobQueue, notifier, audit, transact, logger });

  const evidenceChaining = createAccessEvidenceService({ evidence: accessEvidence, transact });
  const documents = createDocumentsService({
    documents: boundedDocuments,
    storage: transports.storage,
    texts: createDocumentTextsRepository(searchDb),
    evidence: accessEvidence,
    acknowledgements,
    webhooks: webhooks.events,
  });
  /** What routes may call: services only, never a repository or a transport. */
  const ownSessions = createOwnSessionsService({ sessions, connectionLog, idleMinutes: config.session.idleMinutes });
  const services = {
    ownSessions,
    managedSessions: createManagedSessionsService({ managedUsers, ownSessions, sessions, audit, transact }),
    documents,
    help: createHelpContentService({ help: createHelpContentRepository(readDb), storage: transports.storage }),
    branding: createBrandingService({ experiences }),
    account: createAccountService({ passwordMaxAgeDays: config.passwordMaxAgeDays }),
    mfa,
    trustedDevices,
    passkeys,
    signIn: createSignInService({
      users,
      sessions,
      issuer,
      connectionLog,
      mfa,
      trustedDevices,
      passkeys,
      rateLimiter,
      identityConnections,
      lockout: config.lockout,
      loginLimits: config.loginLimits,
    }),
    identityConnections: createIdentityConnectionsService({
      connections: identityConnections,
      directory: providers,
      provisioning: scim,
      audit,
      transact,
    }),
    scim: createScimService({ scim, managedUsers, sessions, connections: identityConnections, audit, transact, webhooks: webhooks.events }),
    scimGroups: createScimGroupsService({ groups: createScimGroupsRepository(db), audit, transact }),
    federatedSignIn: createFederatedSignInService({
      connections: identityConnections,
      directory: providers,
      users,
      managedUsers,
      issuer,
      mfa,
      connectionLog,
      audit,
      transact,
      rateLimiter,
      trustedDevices,
      passkeys,
      addresses: portalAddressesOf(config.publicUrl),
    }),
    recovery,
    customerView: createCustomerViewService({
      ...{ customerViews: createCustomerViewsRepository(db), managedUsers, users, audit, transact },
      ...{ minutes: config.session.customerViewMinutes, idleMinutes: config.session.idleMinutes },
    }),
    userManagement: createUserManagementService({
      users,
      managedUsers,
      reportAccess,
      sessions,
      trustedDevices: trustedDevicesRepository,
      passkeys: passkeysRepository,
      audit,
      recovery,
      transact,
      webhooks: webhooks.events,
    }),
    reportAccess: createReportAccessService({ managedUsers, reportAccess, audit, transact }),
    reportAccessPreview: createReportAccessPreviewService({ managedUsers, reportAccess, documents: boundedDocuments }),
    registration: createRegistrationService({
      experiences,
      users,
      managedUsers,
      codes,
      notifier,
      policy,
      subscriptions,
      rateLimiter,
      transact,
      limits: config.registrationLimits,
      webhooks: webhooks.events,
    }),
    onboarding: createOnboardingService({ subscriptions, reportAccess, transact }),
    profile: createProfileService({ users, sessions, policy, codes, notifier, transact }),
    usageReports: createUsageReportsService({ usageReports: createUsageReportsRepository(readDb) }),
    sessionLanguage: createSessionLanguageService({ sessions }),
    ingestion: createIngestionService({
      documents: createIngestedDocumentsRepository(db),
      storage: transports.storage,
      maxFileBytes: config.ingestion.maxFileBytes,
      logger,
      textExtraction: { queue: textExtraction, transact },
      webhooks: { events: webhooks.events, transact },
    }),
    apiKeys: createApiKeysService({ apiKeys, audit, transact }),
    webhooks: webhooks.endpoints,
    tenantConsole: createTenantConsoleService({ tenants: createTenantsRepository(db), audit, transact }),
    auditLogViewer: createAuditLogViewerService({ auditReader: createAuditLogReaderRepository(db) }),
    helpEditor: createHelpContentEditorService({
      editor: createHelpContentEditorRepository(db),
      audit,
      storage: transports.storage,
      transact,
    }),
    documentTypesEditor: createDocumentTypesEditorService({
      types: documentTypes,
      retention: createRetentionRepository(db),
      audit,
      transact,
    }),
    documentTypeThumbnails: createDocumentTypeThumbnailsService({
      thumbnails: createDocumentTypeThumbnailsRepository(db),
      types: documentTypes,
      audit,
      transact,
    }),
    retention: createRetentionService({ retention: createRetentionRepository(db), audit, transact }),
    digestPreference: createDigestPreferenceService(digestMail),
    accessEvidence: evidenceChaining,
    evidencePacks: createEvidencePackService({
      managedUsers,
      evidence: accessEvidence,
      chaining: evidenceChaining,
      documents,
      audit,
      transact,
      consents: deliveryConsent,
    }),
    acknowledgements: createAcknowledgementsService({ documents, acknowledgements, notices, webhooks: webhooks.events }),
    deliveryConsent: createDeliveryConsentService({
      consent: deliveryConsent,
      secrets: createServerSecretsRepository(db),
      audit,
      transact,
      webhooks: webhooks.events,
    }),
    paperQueue: createPaperQueueService({ paper: paperQueue }),
    notices: createNoticesService({
      ...{ notices, paper: paperQueue, mailer: () => createDigestMailer(digestMail), outbox, transact },
      webhooks: webhooks.events,
    }),
    legalHolds: createLegalHoldsService({ holds: createLegalHoldsRepository(db), audit, transact, storage: transports.storage }),
  };

  const scheduledJobs = listPortalJobs({
    retention: services.retention,
    digest: createDigestService({ ...digestMail, logger }),
    sweepOrphanFiles: () => services.ingestion.sweepOrphanFiles(),
    chainAccessEvidence: () => services.accessEvidence.chainPending(),
    holdStoredFiles: () => services.legalHolds.holdStoredFiles(),
    queuePaper: () => services.paperQueue.run(),
    sendNotices: () => services.notices.run(),
  });
  if (config.scheduledJobs) await startScheduledJobs({ queue: jobQueue, logger, jobs: scheduledJobs });

  return {
    services,
    /** What the session plugin reads as each request arrives: the session, and the person behind it. */
    sessionStore: { sessions, users },
    /** What the API-key plugin asks as each versioned call arrives: whose key it is. */
    apiKeyAuthentication: createApiKeyAuthenticationService({ apiKeys, audit, rateLimiter, transact }),
    /** The health check asks the database itself: there is no rule to apply. */
    health: createHealthRepository(db),
    /** Where each person's last write stands, so that replicas serve them only once they have replayed it. */
    readFloors: createReadFloorsRepository(db),
    outbox,
    /** The scheduled jobs, to run one now (an operator's command, a test) beside their schedules. */
    scheduledJobs: describeScheduledJobs(scheduledJobs, logger),
    /** Stops the deliveries and the scheduled jobs, letting a running one finish for a few seconds. */
    stopJobQueue: () => jobQueue.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
export type RouteServices = Awaited<ReturnType<typeof composeServices>>['services'];
