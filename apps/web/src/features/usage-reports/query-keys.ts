import type { Locale } from '@portal/contract';

const ROOT = ['usageReports'] as const;

/** The server names clients and spreadsheets in the request's language, so each language has its own entry. */
export const usageReportKeys = {
  clients: (language: Locale) => [...ROOT, 'clients', language] as const,
  definitions: (language: Locale) => [...ROOT, 'definitions', language] as const,
};
