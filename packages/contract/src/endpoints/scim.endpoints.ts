import { IdentityConnectionParamsSchema } from '../schemas/identity-connections.js';
import {
  ScimGroupInputSchema,
  ScimGroupListResponseSchema,
  ScimGroupSchema,
  ScimListQuerySchema,
  ScimListResponseSchema,
  ScimPatchSchema,
  ScimServiceProviderConfigSchema,
  ScimTokenResponseSchema,
  ScimUserInputSchema,
  ScimUserParamsSchema,
  ScimUserSchema,
} from '../schemas/scim.js';
import { defineEndpoint } from './endpoint.js';

/**
 * SCIM 2.0 provisioning (RFC 7644) by a client's identity provider, with a connection's
 * provisioning token; refusals answer RFC 7644's error shape. And the token's making and revoking.
 */
export const scimEndpoints = {
  createScimToken: defineEndpoint({
    method: 'POST',
    path: '/api/clients/:clientId/identity-connections/:id/scim-token',
    summary:
      'Makes the connection’s provisioning token, answered once (a new one replaces the last), with the SCIM base address to give the provider; audited.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityConnectionParamsSchema,
    response: ScimTokenResponseSchema,
  }),
  revokeScimToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/clients/:clientId/identity-connections/:id/scim-token',
    summary: 'Revokes the connection’s provisioning token; audited.',
    access: 'session',
    menu: 'userManagement',
    params: IdentityConnectionParamsSchema,
  }),
  scimServiceProviderConfig: defineEndpoint({
    method: 'GET',
    path: '/scim/v2/ServiceProviderConfig',
    summary: 'What the portal’s SCIM service supports: PATCH and filtering (`userName eq`, `externalId eq`); no bulk, sort or ETags.',
    access: 'scimToken',
    response: ScimServiceProviderConfigSchema,
  }),
  listScimUsers: defineEndpoint({
    method: 'GET',
    path: '/scim/v2/Users',
    summary:
      'The client’s people, a page at a time (`startIndex` from 1, `count` up to 200), or those a filter names: ' +
      '`userName eq "…"` or `externalId eq "…"` (400 invalidFilter for any other).',
    access: 'scimToken',
    query: ScimListQuerySchema,
    response: ScimListResponseSchema,
  }),
  createScimUser: defineEndpoint({
    method: 'POST',
    path: '/scim/v2/Users',
    summary:
      'Makes an account of the client with the connection’s default role and experience (201); 409 uniqueness when the userName is taken; audited.',
    access: 'scimToken',
    body: ScimUserInputSchema,
    response: ScimUserSchema,
  }),
  getScimUser: defineEndpoint({
    method: 'GET',
    path: '/scim/v2/Users/:id',
    summary: 'One person of the client.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    response: ScimUserSchema,
  }),
  replaceScimUser: defineEndpoint({
    method: 'PUT',
    path: '/scim/v2/Users/:id',
    summary: 'Sets the person as sent (userName, names, e-mail, language, active); nothing is written, nor audited, when nothing changes.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    body: ScimUserInputSchema,
    response: ScimUserSchema,
  }),
  patchScimUser: defineEndpoint({
    method: 'PATCH',
    path: '/scim/v2/Users/:id',
    summary:
      'Changes the person by PatchOp operations (add, replace, remove) on userName, name.givenName, name.familyName, ' +
      'emails, externalId, preferredLanguage and active; `active: false` ends its sessions and removes its access.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    body: ScimPatchSchema,
    response: ScimUserSchema,
  }),
  deleteScimUser: defineEndpoint({
    method: 'DELETE',
    path: '/scim/v2/Users/:id',
    summary:
      'Removes the person’s access (the account is kept, deactivated, as the portal keeps every account) and ends its sessions (204).',
    access: 'scimToken',
    params: ScimUserParamsSchema,
  }),
  listScimGroups: defineEndpoint({
    method: 'GET',
    path: '/scim/v2/Groups',
    summary:
      'The groups the connection’s provider provisioned, with their members; `filter` is `displayName eq "…"` or `externalId eq "…"`.',
    access: 'scimToken',
    query: ScimListQuerySchema,
    response: ScimGroupListResponseSchema,
  }),
  createScimGroup: defineEndpoint({
    method: 'POST',
    path: '/scim/v2/Groups',
    summary:
      'Provisions a group (201); its members get the role the connection’s role mappings give its name, audited. ' +
      '409 uniqueness for a displayName the connection has; 400 for a member that is not one of the client’s people.',
    access: 'scimToken',
    body: ScimGroupInputSchema,
    response: ScimGroupSchema,
  }),
  getScimGroup: defineEndpoint({
    method: 'GET',
    path: '/scim/v2/Groups/:id',
    summary: 'One group of the connection, with its members.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    response: ScimGroupSchema,
  }),
  replaceScimGroup: defineEndpoint({
    method: 'PUT',
    path: '/scim/v2/Groups/:id',
    summary: 'Sets the group’s name and members as sent; the roles of those who joined or left follow.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    body: ScimGroupInputSchema,
    response: ScimGroupSchema,
  }),
  patchScimGroup: defineEndpoint({
    method: 'PATCH',
    path: '/scim/v2/Groups/:id',
    summary:
      'Changes the group by PatchOp operations: add members, remove members (`members[value eq "…"]`, or all), replace members or displayName.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
    body: ScimPatchSchema,
    response: ScimGroupSchema,
  }),
  deleteScimGroup: defineEndpoint({
    method: 'DELETE',
    path: '/scim/v2/Groups/:id',
    summary: 'Removes the group (204); its former members’ roles follow.',
    access: 'scimToken',
    params: ScimUserParamsSchema,
  }),
};
