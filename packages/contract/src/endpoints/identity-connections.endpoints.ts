import {
  FederatedCallbackQuerySchema,
  FederatedSessionResponseSchema,
  FederatedStartRequestSchema,
  FederatedStartResponseSchema,
  IdentityClientParamsSchema,
  IdentityConnectionDeletedResponseSchema,
  IdentityConnectionInputSchema,
  IdentityConnectionListResponseSchema,
  IdentityConnectionOptionsResponseSchema,
  IdentityConnectionParamsSchema,
  IdentityConnectionResponseSchema,
  SamlResponseBodySchema,
} from '../schemas/identity-connections.js';
import { defineEndpoint } from './endpoint.js';

/**
 * A client's identity providers, set up by its administrators and staff (super users for any
 * client; customer service gets 403 errors.forbidden), and signing in through them.
 */
export const identityConnectionsEndpoints = {
  identityConnectionOptions: defineEndpoint({
    method: 'GET',
    path: '/api/identity-connections/options',
    summary: 'The clients whose connections the caller may set up, each with its experiences.',
    access: 'session',
    menu: 'userManagement',
    response: IdentityConnectionOptionsResponseSchema,
  }),
  listIdentityConnections: defineEndpoint({
    method: 'GET',
    path: '/api/clients/:clientId/identity-connections',
    summary: 'The client’s identity provider connections, without their secrets.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityClientParamsSchema,
    response: IdentityConnectionListResponseSchema,
  }),
  createIdentityConnection: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:clientId/identity-connections',
    summary:
      'Adds an OpenID Connect provider to the client: its issuer (read at once: 400 validation.identityIssuerUnreachable when ' +
      'its discovery document cannot be read), the portal’s client id and secret there (stored sealed, never shown again), ' +
      'the claims that name a person, the e-mail domains it serves (each of one connection only), the groups that give ' +
      'roles, the default role, and the roles that must sign in through it; audited.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityClientParamsSchema,
    body: IdentityConnectionInputSchema,
    response: IdentityConnectionResponseSchema,
  }),
  updateIdentityConnection: defineEndpoint({
    method: 'PUT',
    path: '/api/clients/:clientId/identity-connections/:id',
    summary: 'Changes a connection as a whole; without `clientSecret` the stored secret is kept; audited.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityConnectionParamsSchema,
    body: IdentityConnectionInputSchema,
    response: IdentityConnectionResponseSchema,
  }),
  deleteIdentityConnection: defineEndpoint({
    method: 'DELETE',
    path: '/api/clients/:clientId/identity-connections/:id',
    summary: 'Removes a connection, its domains and the links of people to it; the accounts stay; audited.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityConnectionParamsSchema,
    response: IdentityConnectionDeletedResponseSchema,
  }),
  startFederatedSignIn: defineEndpoint({
    method: 'POST',
    path: '/api/federation/start',
    summary:
      'Begins signing in through the provider that serves the domain of the address typed: answers the provider’s address ' +
      'to open (authorization code with PKCE, state and nonce), and sets a cookie that binds the state to this browser. ' +
      '404 errors.federation.noConnection when no connection serves the domain.',
    access: 'public',
    throttled: true,
    body: FederatedStartRequestSchema,
    response: FederatedStartResponseSchema,
  }),
  finishFederatedSignIn: defineEndpoint({
    method: 'GET',
    path: '/auth/oidc/callback',
    summary:
      'Where the provider sends the person back: checks the answer (state bound to the browser, PKCE, nonce, the ID token’s ' +
      'signature, issuer, audience and times), links or creates the account, opens the session and redirects (303) to the ' +
      'portal; a refusal redirects to the login screen with its error key.',
    access: 'public',
    query: FederatedCallbackQuerySchema,
  }),
  finishSamlSignIn: defineEndpoint({
    method: 'POST',
    path: '/auth/saml/acs',
    summary:
      'The assertion consumer address, where a SAML identity provider posts the person back (form fields SAMLResponse and ' +
      'RelayState): checks the response (a signed assertion, for the portal as audience, within its time, in response to ' +
      'this browser’s request, used once), links or creates the account, opens the session and redirects (303) to the ' +
      'portal; a refusal redirects to the login screen with its error key.',
    access: 'public',
    body: SamlResponseBodySchema,
  }),
  federatedSession: defineEndpoint({
    method: 'GET',
    path: '/api/federation/session',
    summary: 'The person whose session a provider’s sign-in opened, as the login answer gives it (its one-time code may still be owed).',
    access: 'pendingMfa',
    response: FederatedSessionResponseSchema,
  }),
};
