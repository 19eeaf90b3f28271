import {
  CompletenessResponseSchema,
  ConsoleBrandResponseSchema,
  ConsoleClientListResponseSchema,
  ConsoleClientParamsSchema,
  ConsoleClientResponseSchema,
  ConsoleBrandImageParamsSchema,
  ConsoleExperienceParamsSchema,
  UpdateConsoleBrandRequestSchema,
  UpdateConsoleClientRequestSchema,
} from '../schemas/console-tenants.js';
import { BRAND_IMAGE_MEDIA_TYPES } from '../constants.js';
import { defineEndpoint } from './endpoint.js';

/** The tenant console's clients and brands: SUPER_USER for every client, INTERNAL for its own. */
export const consoleTenantsEndpoints = {
  listConsoleClients: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients',
    summary: 'The clients the caller configures, with their settings, role names and experiences.',
    access: 'session',
    menu: 'tenantConsole',
    response: ConsoleClientListResponseSchema,
  }),
  updateConsoleClient: defineEndpoint({
    method: 'PUT',
    path: '/api/console/clients/:clientId',
    summary: "Changes a client's names, onboarding, duplicate blocking, SMS and role names; onboarding needs complete texts.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleClientParamsSchema,
    body: UpdateConsoleClientRequestSchema,
    response: ConsoleClientResponseSchema,
  }),
  consoleCompleteness: defineEndpoint({
    method: 'GET',
    path: '/api/console/clients/:clientId/completeness',
    summary: 'Every text of the client present in one language and missing or identical in the other.',
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleClientParamsSchema,
    response: CompletenessResponseSchema,
  }),
  getConsoleBrand: defineEndpoint({
    method: 'GET',
    path: '/api/console/experiences/:experienceId',
    summary: "An experience's brand: names, title and colours.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleExperienceParamsSchema,
    response: ConsoleBrandResponseSchema,
  }),
  updateConsoleBrand: defineEndpoint({
    method: 'PUT',
    path: '/api/console/experiences/:experienceId',
    summary:
      "Saves an experience's brand; refused (400) with the failing pairs and the nearest passing shades when a colour pair fails WCAG 2.2 AA.",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleExperienceParamsSchema,
    body: UpdateConsoleBrandRequestSchema,
    response: ConsoleBrandResponseSchema,
  }),
  replaceConsoleBrandImage: defineEndpoint({
    method: 'PUT',
    path: '/api/console/experiences/:experienceId/images/:kind',
    summary:
      'Replaces (or adds) an image of the experience. The body is the image itself, PNG, JPEG, WebP or ICO, recognised by its ' +
      'bytes (400 validation.consoleImageType; SVG 400 validation.consoleImageSvg); sides of 16 to 4,096 pixels (400 ' +
      'validation.consoleImageDimensions); at most 512 KB (413 errors.consoleImageTooLarge).',
    access: 'session',
    upload: { kind: 'file', mediaTypes: BRAND_IMAGE_MEDIA_TYPES },
    menu: 'tenantConsole',
    params: ConsoleBrandImageParamsSchema,
    response: ConsoleBrandResponseSchema,
  }),
  removeConsoleBrandImage: defineEndpoint({
    method: 'DELETE',
    path: '/api/console/experiences/:experienceId/images/:kind',
    summary: "Removes one of the experience's optional English images; the others can only be replaced (400 errors.consoleImageRequired).",
    access: 'session',
    menu: 'tenantConsole',
    params: ConsoleBrandImageParamsSchema,
    response: ConsoleBrandResponseSchema,
  }),
};
