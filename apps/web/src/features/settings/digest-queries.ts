import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { digestEndpoints, type DigestFrequency } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { settingsKeys } from './query-keys';

/**
 * How often the signed-in USER hears of new documents. Asked again each time the tab shows: an
 * unsubscribe link, followed in this tab or another, may have changed it meanwhile.
 */
export function digestPreferenceQuery() {
  return queryOptions({
    queryKey: settingsKeys.digestPreference(),
    queryFn: ({ signal }) => callApi(digestEndpoints.digestPreference, { signal }),
    staleTime: 0,
  });
}

/** Saves the choice and keeps the server's answer as the one shown. */
export function useSaveDigestPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frequency: DigestFrequency) => callApi(digestEndpoints.saveDigestPreference, { body: { frequency } }),
    onSuccess: (answer) => queryClient.setQueryData(digestPreferenceQuery().queryKey, answer),
  });
}
