import {
  ConsoleAttributeParamsSchema,
  ConsoleDocumentTypeListResponseSchema,
  ConsoleDocumentTypeParamsSchema,
  ConsoleDocumentTypeResponseSchema,
  ConsoleDocumentTypesParamsSchema,
  ReorderAttributesRequestSchema,
  UpdateAttributeRequestSchema,
  UpdateDocumentTypeRequestSchema,
} from '../schemas/console-document-types.js';
import { defineEndpoint } from './endpoint.js';

/** The tenant console's document types and attributes: SUPER_USER for every client, INTERNAL for its own. */
export const consoleDocumentTypesEndpoints = {
  listConsoleDocumentTypes: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients/:clientId/document-types',
    summary: "The client's document types in their order, each with its attributes in theirs.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleDocumentTypesParamsSchema,
    response: ConsoleDocumentTypeListResponseSchema,
  }),
  updateConsoleDocumentType: defineEndpoint({
    method: 'PUT',
    path: '/api/console/clients/:clientId/document-types/:typeId',
    summary: "Changes a type's titles, default sort ('date' or an attribute shown in a column), retention (null: forever) and onboarding.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleDocumentTypeParamsSchema,
    body: UpdateDocumentTypeRequestSchema,
    response: ConsoleDocumentTypeResponseSchema,
  }),
  updateConsoleAttribute: defineEndpoint({
    method: 'PUT',
    path: '/api/console/clients/:clientId/document-types/:typeId/attributes/:attributeId',
    summary:
      "Changes an attribute's names, descriptions, column, search and owner identification; the indexes its column or search needs are built before the answer.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleAttributeParamsSchema,
    body: UpdateAttributeRequestSchema,
    response: ConsoleDocumentTypeResponseSchema,
  }),
  reorderConsoleAttributes: defineEndpoint({
    method: 'PUT',
    path: '/api/console/clients/:clientId/document-types/:typeId/attribute-order',
    summary: "Puts a type's attributes in a new order: every attribute id of the type, once each.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleDocumentTypeParamsSchema,
    body: ReorderAttributesRequestSchema,
    response: ConsoleDocumentTypeResponseSchema,
  }),
};
