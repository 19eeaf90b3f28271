import { AuditFilterSchema, AuditListQuerySchema, AuditListResponseSchema, AuditOptionsResponseSchema } from '../schemas/console-audit.js';
import { defineEndpoint } from './endpoint.js';

/** The tenant console's audit log: SUPER_USER reads every client's entries, INTERNAL its own client's. */
export const consoleAuditEndpoints = {
  consoleAuditOptions: defineEndpoint({
    method: 'GET',
    path: '/api/console/audit/options',
    summary: 'The clients whose audit entries the caller may read, for the client filter.',
    access: 'session',
    menu: 'tenantConsole',
    response: AuditOptionsResponseSchema,
  }),
  listConsoleAudit: defineEndpoint({
    method: 'GET',
    path: '/api/console/audit',
    summary: 'A page of audit entries of the caller’s clients, filtered, newest first, with the total; never a secret.',
    access: 'session',
    menu: 'tenantConsole',
    query: AuditListQuerySchema,
    response: AuditListResponseSchema,
  }),
  exportConsoleAudit: defineEndpoint({
    method: 'GET',
    path: '/api/console/audit/export',
    summary: 'The filtered audit entries as a CSV attachment (UTF-8), streamed, at most 100,000 rows; JSON with an error key when refused.',
    access: 'session',
    menu: 'tenantConsole',
    query: AuditFilterSchema,
    fileAnswer: ['text/csv'],
  }),
};
