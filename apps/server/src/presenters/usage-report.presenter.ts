import type { Locale, ReportClient, UsageReportDefinition, UsageReportType } from '@portal/contract';
import { serverText } from '../i18n/server-texts.js';
import type { UsageReportClient } from '../services/usage-reports.service.js';

/** The clients by their names in the requester's language, in that language's alphabetical order. */
export function presentReportClients(clients: UsageReportClient[], language: Locale): ReportClient[] {
  return clients
    .map((client) => ({ Id: client.id, Name: language === 'fr' ? client.name_fr : client.name_en }))
    .sort((a, b) => a.Name.localeCompare(b.Name, language));
}

export function presentUsageReportDefinitions(types: readonly UsageReportType[], language: Locale): UsageReportDefinition[] {
  return types.map((type) => ({ Id: type, Title: serverText(language, `usageReports.titles.${type}`), ClientId: null }));
}
