import {
  ConsentStateResponseSchema,
  DisclosureClientParamsSchema,
  DisclosureResponseSchema,
  DisclosureVersionsResponseSchema,
  GiveConsentRequestSchema,
  PublishDisclosureRequestSchema,
  AcknowledgePaperRequestSchema,
  AcknowledgePaperResponseSchema,
  PaperQueueCountsResponseSchema,
  PaperQueueExportQuerySchema,
  PaperQueueQuerySchema,
  PaperQueueResponseSchema,
  ReportBounceRequestSchema,
  ReportBounceResponseSchema,
} from '../schemas/delivery-consent.js';
import { EvidencePackQuerySchema } from '../schemas/user-management.js';
import { defineEndpoint } from './endpoint.js';

/** Consent to electronic delivery: the person's calls, and the tenant console's disclosures. */
export const deliveryConsentEndpoints = {
  consentState: defineEndpoint({
    method: 'GET',
    path: '/api/consent',
    summary:
      'Where the signed-in person stands with its client’s delivery disclosure: not required, pending, consented or withdrawn (paper).',
    access: 'session',
    customerView: 'read',
    response: ConsentStateResponseSchema,
  }),
  consentSample: defineEndpoint({
    method: 'GET',
    path: '/api/consent/sample',
    summary:
      'The sample PDF a person opens to show it can read the portal’s documents, with its own code printed inside, in the language asked. 400 errors.consentNotAsked when no disclosure asks it.',
    access: 'session',
    query: EvidencePackQuerySchema,
    fileAnswer: ['application/pdf'],
  }),
  giveConsent: defineEndpoint({
    method: 'POST',
    path: '/api/consent',
    summary:
      'Consents to the disclosure in force with the code of the sample document; recorded with the disclosure’s hash, time, address, browser and language. ' +
      '400 errors.consentCodeWrong, 409 errors.consentVersionOutdated when a newer version was published, 400 errors.consentNotAsked.',
    access: 'session',
    body: GiveConsentRequestSchema,
    response: ConsentStateResponseSchema,
  }),
  withdrawConsent: defineEndpoint({
    method: 'POST',
    path: '/api/consent/withdraw',
    summary: 'Withdraws consent: the person’s documents of the covered types go to paper; they stay readable in the portal. Recorded.',
    access: 'session',
    response: ConsentStateResponseSchema,
  }),
  listDisclosures: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients/:clientId/disclosures',
    summary: 'Every version of the client’s delivery disclosure, the one in force first.',
    access: 'session',
    menu: 'tenantConsole',
    params: DisclosureClientParamsSchema,
    response: DisclosureVersionsResponseSchema,
  }),
  publishDisclosure: defineEndpoint({
    method: 'POST',
    path: '/api/console/clients/:clientId/disclosures',
    summary:
      'Publishes the client’s next disclosure version, in force at once: every customer of the client who has not asked for paper must consent to it before seeing the covered types again. Audited.',
    access: 'session',
    menu: 'tenantConsole',
    params: DisclosureClientParamsSchema,
    body: PublishDisclosureRequestSchema,
    response: DisclosureResponseSchema,
  }),
  paperQueue: defineEndpoint({
    method: 'GET',
    path: '/api/v1/paper-queue',
    summary:
      'The documents the key’s client must print and mail (of the key’s types), oldest first, a page at a time (perPage up to 500): ' +
      'for a person who asked for paper (withdrawn), or who did not open the document within its type’s delay (unopened).',
    access: 'apiKey',
    query: PaperQueueQuerySchema,
    response: PaperQueueResponseSchema,
  }),
  acknowledgePaperQueue: defineEndpoint({
    method: 'POST',
    path: '/api/v1/paper-queue/acknowledge',
    summary: 'Marks entries printed: they leave the queue. Entries of another client or type, or already acknowledged, are not counted.',
    access: 'apiKey',
    body: AcknowledgePaperRequestSchema,
    response: AcknowledgePaperResponseSchema,
  }),
  paperQueueCounts: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients/:clientId/paper-queue',
    summary: 'The client’s waiting paper-queue entries, counted per document type and reason.',
    access: 'session',
    menu: 'tenantConsole',
    params: DisclosureClientParamsSchema,
    response: PaperQueueCountsResponseSchema,
  }),
  exportPaperQueue: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients/:clientId/paper-queue/export',
    summary: 'Every waiting entry of the client’s paper queue as a spreadsheet (.xlsx), headed in the language asked.',
    access: 'session',
    menu: 'tenantConsole',
    params: DisclosureClientParamsSchema,
    query: PaperQueueExportQuerySchema,
    fileAnswer: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
  reportNoticeBounce: defineEndpoint({
    method: 'POST',
    path: '/api/v1/notices/bounces',
    summary:
      'Reports that notices sent to an address bounced after the mail server had accepted them (JSON { "email", "reason"? }): ' +
      'the notices to that address of the key’s client accepted in the last 30 days, of documents not opened since, become refused, ' +
      'and their documents enter the paper queue (reason bounce). Answers how many entered it.',
    access: 'apiKey',
    body: ReportBounceRequestSchema,
    response: ReportBounceResponseSchema,
  }),
};
