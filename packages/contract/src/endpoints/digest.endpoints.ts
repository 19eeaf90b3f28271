import {
  DigestPreferenceResponseSchema,
  DigestPreferenceSchema,
  DigestUnsubscribedResponseSchema,
  DigestUnsubscribeQuerySchema,
} from '../schemas/digest.js';
import { defineEndpoint } from './endpoint.js';

/**
 * The new-document digest: a USER's choice of how often it hears of new documents, and the
 * one-click way out that every digest carries. Other roles get 403 errors.forbidden.
 */
export const digestEndpoints = {
  digestPreference: defineEndpoint({
    method: 'GET',
    path: '/account/digest-preference',
    summary: 'How often the signed-in USER receives a summary of its new documents: never, daily or weekly.',
    access: 'session',
    response: DigestPreferenceResponseSchema,
  }),
  saveDigestPreference: defineEndpoint({
    method: 'POST',
    path: '/account/digest-preference',
    summary:
      'Saves how often the signed-in USER receives a summary of its new documents. Choosing daily or weekly after never ' +
      'counts from now, and a message confirms the choice.',
    access: 'session',
    body: DigestPreferenceSchema,
    response: DigestPreferenceResponseSchema,
  }),
  openDigestUnsubscribe: defineEndpoint({
    method: 'GET',
    path: '/api/v1/digest/unsubscribe',
    summary:
      'Where a mail program that cannot unsubscribe in one click opens the List-Unsubscribe address: redirects (303) to the ' +
      'page that asks for confirmation. Changes nothing.',
    access: 'public',
    query: DigestUnsubscribeQuerySchema,
  }),
  unsubscribeDigest: defineEndpoint({
    method: 'POST',
    path: '/api/v1/digest/unsubscribe',
    summary:
      'Stops the digest of the person the signed token names (RFC 8058 one-click: the body, List-Unsubscribe=One-Click ' +
      'as a form, is not needed). 400 errors.digestTokenInvalid for a token the portal did not sign.',
    access: 'public',
    query: DigestUnsubscribeQuerySchema,
    response: DigestUnsubscribedResponseSchema,
  }),
};
