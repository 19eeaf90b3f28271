import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { consoleAuditEndpoints, type AuditListQueryInput } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { auditLogKeys } from './query-keys';

/** The clients whose entries the person may read; they change only with the catalogue. */
export function auditOptionsQuery() {
  return queryOptions({
    queryKey: auditLogKeys.options(),
    queryFn: ({ signal }) => callApi(consoleAuditEndpoints.consoleAuditOptions, { signal }),
    select: (answer) => answer.data.clients,
    staleTime: 5 * 60_000,
  });
}

export function auditEntriesQuery(query: AuditListQueryInput) {
  return queryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => callApi(consoleAuditEndpoints.listConsoleAudit, { query, signal }),
    select: (answer) => answer.data,
    // Another page or filter replaces this one without the list blinking empty.
    placeholderData: keepPreviousData,
  });
}
