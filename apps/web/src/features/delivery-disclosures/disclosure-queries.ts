import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleDocumentTypesEndpoints, deliveryConsentEndpoints, type PublishDisclosureRequest } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';

export function disclosuresQuery(clientId: number) {
  return queryOptions({
    queryKey: [...CONSOLE_QUERY_ROOT, 'disclosures', clientId] as const,
    queryFn: ({ signal }) => callApi(deliveryConsentEndpoints.listDisclosures, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** The client's types, to choose those a disclosure covers. */
export function clientTypesQuery(clientId: number) {
  return queryOptions({
    queryKey: [...CONSOLE_QUERY_ROOT, 'disclosure-types', clientId] as const,
    queryFn: ({ signal }) => callApi(consoleDocumentTypesEndpoints.listConsoleDocumentTypes, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

export function usePublishDisclosure(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishDisclosureRequest) => callApi(deliveryConsentEndpoints.publishDisclosure, { params: { clientId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...CONSOLE_QUERY_ROOT, 'disclosures', clientId] }),
  });
}
