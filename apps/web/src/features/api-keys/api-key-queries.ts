import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysEndpoints, type BodyOf } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { apiKeyKeys } from './query-keys';

export type CreateApiKeyBody = BodyOf<typeof apiKeysEndpoints.createApiKey>;

/** The clients a key may be made for, with their document types; they change only with the catalogue. */
export function apiKeyOptionsQuery() {
  return queryOptions({
    queryKey: apiKeyKeys.options(),
    queryFn: ({ signal }) => callApi(apiKeysEndpoints.apiKeyOptions, { signal }),
    select: (answer) => answer.data.clients,
    staleTime: 5 * 60_000,
  });
}

export function apiKeysQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: apiKeyKeys.list(clientId),
    queryFn: ({ signal }) => callApi(apiKeysEndpoints.listApiKeys, { query: { clientId }, signal }),
    select: (answer) => answer.data,
    // Another client's keys replace these without the list blinking empty.
    placeholderData: keepPreviousData,
  });
}

/** Creating and revoking; both refresh every list, since a key may show under "all clients" and its own. */
export function useApiKeyChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
  const create = useMutation({
    mutationFn: (body: CreateApiKeyBody) => callApi(apiKeysEndpoints.createApiKey, { body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => callApi(apiKeysEndpoints.revokeApiKey, { params: { id } }),
    onSuccess: refresh,
  });
  return { create, revoke };
}
