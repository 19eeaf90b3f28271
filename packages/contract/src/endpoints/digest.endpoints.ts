import {
  DigestPreferenceResponseSchema,
  DigestPreferenceSchema,
  DigestUnsubscribeBodySchema,
  DigestUnsubscribedResponseSchema,
  DigestUnsubscribeOptionalQuerySchema,
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
      'Stops the digest of the person the signed token names. Mail programs send the token in the query (RFC 8058 ' +
      'one-click: the form body List-Unsubscribe=One-Click is not needed); the portal page sends it as JSON `{ token }`. ' +
      '400 errors.digestTokenInvalid for a token the portal did not sign, errors.digestTokenExpired for one older than ' +
      'DIGEST_UNSUBSCRIBE_LINK_DAYS days.',
    access: 'public',
    query: DigestUnsubscribeOptionalQuerySchema,
    body: DigestUnsubscribeBodySchema,
    response: DigestUnsubscribedResponseSchema,
  }),
};
