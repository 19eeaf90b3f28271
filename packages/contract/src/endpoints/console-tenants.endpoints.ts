import {
  CompletenessResponseSchema,
  ConsoleBrandResponseSchema,
  ConsoleClientListResponseSchema,
  ConsoleClientParamsSchema,
  ConsoleClientResponseSchema,
  ConsoleExperienceParamsSchema,
  UpdateConsoleBrandRequestSchema,
  UpdateConsoleClientRequestSchema,
} from '../schemas/console-tenants.js';
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
};
