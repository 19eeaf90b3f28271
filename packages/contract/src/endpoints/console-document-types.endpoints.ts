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
import { BRAND_IMAGE_MEDIA_TYPES } from '../constants.js';
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
      "Changes an attribute's names, descriptions, column, search, owner identification and ordering (numbers then text, or text; left out, it stays); the indexes its column in that ordering or its search needs are built before the answer.",
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
  replaceConsoleDocumentTypeThumbnail: defineEndpoint({
    method: 'PUT',
    path: '/api/console/clients/:clientId/document-types/:typeId/thumbnail',
    summary:
      "Replaces (or adds) the image of the type's dashboard tile. The body is the image itself, PNG, JPEG, WebP or ICO, recognised " +
      'by its bytes (400 validation.consoleImageType; SVG 400 validation.consoleImageSvg); sides of 16 to 4,096 pixels (400 ' +
      'validation.consoleImageDimensions); at most 512 KB (413 errors.consoleImageTooLarge).',
    access: 'session',
    upload: { kind: 'file', mediaTypes: BRAND_IMAGE_MEDIA_TYPES },
    menu: 'tenantConsole',
    params: ConsoleDocumentTypeParamsSchema,
    response: ConsoleDocumentTypeResponseSchema,
  }),
  removeConsoleDocumentTypeThumbnail: defineEndpoint({
    method: 'DELETE',
    path: '/api/console/clients/:clientId/document-types/:typeId/thumbnail',
    summary: "Removes the type's own tile image: its tile shows the portal's document icon again.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleDocumentTypeParamsSchema,
    response: ConsoleDocumentTypeResponseSchema,
  }),
};
