import {
  GenerateUsageReportRequestSchema,
  ReportClientsResponseSchema,
  UsageReportDefinitionsResponseSchema,
} from '../schemas/usage-reports.js';
import { defineEndpoint } from './endpoint.js';

/** The Reports screen's calls; only SUPER_USER (any client) and INTERNAL (its own client) may make them. */
export const usageReportsEndpoints = {
  usageReportClients: defineEndpoint({
    method: 'GET',
    path: '/reports/clients',
    summary: 'The clients the caller may export usage spreadsheets of, named in the request language.',
    access: 'session',
    menu: 'reports',
    response: ReportClientsResponseSchema,
  }),
  usageReportDefinitions: defineEndpoint({
    method: 'GET',
    path: '/reports/definitions',
    summary: 'The usage spreadsheet types (connection, users, newUsers), titled in the request language.',
    access: 'session',
    menu: 'reports',
    response: UsageReportDefinitionsResponseSchema,
  }),
  generateUsageReport: defineEndpoint({
    method: 'POST',
    path: '/reports/generate',
    summary: 'A usage spreadsheet (.xlsx attachment), streamed as its rows are read; JSON with an error key when refused.',
    access: 'session',
    throttled: true,
    menu: 'reports',
    body: GenerateUsageReportRequestSchema,
    fileAnswer: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  }),
};
