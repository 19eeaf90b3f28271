import { accountEndpoints } from './account.endpoints.js';
import { documentsEndpoints } from './documents.endpoints.js';
import { registrationEndpoints } from './registration.endpoints.js';
import { securityEndpoints } from './security.endpoints.js';
import { sessionEndpoints } from './session.endpoints.js';
import { userManagementEndpoints } from './user-management.endpoints.js';
import { usageReportsEndpoints } from './usage-reports.endpoints.js';
import { apiKeysEndpoints } from './api-keys.endpoints.js';
import { ingestionEndpoints } from './ingestion.endpoints.js';
import { retentionEndpoints } from './retention.endpoints.js';
import { digestEndpoints } from './digest.endpoints.js';
import { consoleTenantsEndpoints } from './console-tenants.endpoints.js';
import { consoleHelpContentEndpoints } from './console-help-content.endpoints.js';
import { consoleDocumentTypesEndpoints } from './console-document-types.endpoints.js';
import { consoleAuditEndpoints } from './console-audit.endpoints.js';
import { ownSessionsEndpoints } from './own-sessions.endpoints.js';
import { passkeysEndpoints } from './passkeys.endpoints.js';
import { identityConnectionsEndpoints } from './identity-connections.endpoints.js';
import { scimEndpoints } from './scim.endpoints.js';
import { legalHoldsEndpoints } from './legal-holds.endpoints.js';
import { deliveryConsentEndpoints } from './delivery-consent.endpoints.js';
import { webhooksEndpoints } from './webhooks.endpoints.js';
import { customerViewEndpoints } from './customer-view.endpoints.js';
import type { Endpoint } from './endpoint.js';

/** Every HTTP call of the product, declared once. */
export const endpoints = {
  ...sessionEndpoints,
  ...accountEndpoints,
  ...ownSessionsEndpoints,
  ...passkeysEndpoints,
  ...securityEndpoints,
  ...documentsEndpoints,
  ...registrationEndpoints,
  ...userManagementEndpoints,
  ...usageReportsEndpoints,
  ...apiKeysEndpoints,
  ...ingestionEndpoints,
  ...retentionEndpoints,
  ...digestEndpoints,
  ...consoleTenantsEndpoints,
  ...consoleHelpContentEndpoints,
  ...consoleDocumentTypesEndpoints,
  ...consoleAuditEndpoints,
  ...legalHoldsEndpoints,
  ...identityConnectionsEndpoints,
  ...scimEndpoints,
  ...deliveryConsentEndpoints,
  ...webhooksEndpoints,
  ...customerViewEndpoints,
};
export type EndpointName = keyof typeof endpoints;

/** The same calls by area of the product, as the API's description groups them. */
export const endpointAreas: Record<string, Record<string, Endpoint>> = {
  session: sessionEndpoints,
  account: accountEndpoints,
  ownSessions: ownSessionsEndpoints,
  passkeys: passkeysEndpoints,
  security: securityEndpoints,
  documents: documentsEndpoints,
  registration: registrationEndpoints,
  userManagement: userManagementEndpoints,
  usageReports: usageReportsEndpoints,
  apiKeys: apiKeysEndpoints,
  ingestion: ingestionEndpoints,
  retention: retentionEndpoints,
  digest: digestEndpoints,
  consoleTenants: consoleTenantsEndpoints,
  consoleHelpContent: consoleHelpContentEndpoints,
  consoleDocumentTypes: consoleDocumentTypesEndpoints,
  consoleAudit: consoleAuditEndpoints,
  legalHolds: legalHoldsEndpoints,
  identityConnections: identityConnectionsEndpoints,
  scim: scimEndpoints,
  deliveryConsent: deliveryConsentEndpoints,
  webhooks: webhooksEndpoints,
  customerView: customerViewEndpoints,
};
