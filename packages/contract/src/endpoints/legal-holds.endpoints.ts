import {
  LegalHoldIdParamsSchema,
  LegalHoldListQuerySchema,
  LegalHoldListResponseSchema,
  LegalHoldOptionsResponseSchema,
  LegalHoldResponseSchema,
  PlaceLegalHoldRequestSchema,
  ReleaseLegalHoldRequestSchema,
} from '../schemas/legal-holds.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The legal holds screen's calls: administrators and staff for their own client, super users for
 * any; customer service and people get 403 errors.forbidden before their request is read.
 */
export const legalHoldsEndpoints = {
  legalHoldOptions: defineEndpoint({
    method: 'GET',
    path: '/api/legal-holds/options',
    summary: 'The clients the caller may place holds for, each with its document types and the attributes that name its customers.',
    access: 'session',
    menu: 'userManagement',
    response: LegalHoldOptionsResponseSchema,
  }),
  listLegalHolds: defineEndpoint({
    method: 'GET',
    path: '/api/legal-holds',
    summary: 'The holds of the clients the caller may hold for (or of one of them), those in force first, newest first.',
    access: 'session',
    menu: 'userManagement',
    query: LegalHoldListQuerySchema,
    response: LegalHoldListResponseSchema,
  }),
  placeLegalHold: defineEndpoint({
    method: 'POST',
    path: '/api/legal-holds',
    summary:
      'Places a hold, with its reason, on a customer (attribute values), a document type or one document; audited. ' +
      'What it holds is never deleted by retention, and the ingestion API refuses to delete or replace it.',
    access: 'session',
    menu: 'userManagement',
    body: PlaceLegalHoldRequestSchema,
    response: LegalHoldResponseSchema,
  }),
  releaseLegalHold: defineEndpoint({
    method: 'POST',
    path: '/api/legal-holds/:id/release',
    summary: 'Releases a hold, with the reason; audited. The hold stays listed as released.',
    access: 'session',
    menu: 'userManagement',
    params: LegalHoldIdParamsSchema,
    body: ReleaseLegalHoldRequestSchema,
    response: LegalHoldResponseSchema,
  }),
};
