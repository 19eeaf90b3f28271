import {
  ConsentStateResponseSchema,
  DisclosureClientParamsSchema,
  DisclosureResponseSchema,
  DisclosureVersionsResponseSchema,
  GiveConsentRequestSchema,
  PublishDisclosureRequestSchema,
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
};
