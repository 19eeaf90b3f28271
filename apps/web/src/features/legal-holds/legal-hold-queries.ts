import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { legalHoldsEndpoints, type BodyOf } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { legalHoldKeys } from './query-keys';

export type PlaceLegalHoldBody = BodyOf<typeof legalHoldsEndpoints.placeLegalHold>;

/** The clients a hold may be placed for, with their types and attributes; they change only with the catalogue. */
export function legalHoldOptionsQuery() {
  return queryOptions({
    queryKey: legalHoldKeys.options(),
    queryFn: ({ signal }) => callApi(legalHoldsEndpoints.legalHoldOptions, { signal }),
    select: (answer) => answer.data.clients,
    staleTime: 5 * 60_000,
  });
}

export function legalHoldsQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: legalHoldKeys.list(clientId),
    queryFn: ({ signal }) => callApi(legalHoldsEndpoints.listLegalHolds, { query: { clientId }, signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** Placing and releasing; both refresh every list. */
export function useLegalHoldChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: legalHoldKeys.all });
  const place = useMutation({
    mutationFn: (body: PlaceLegalHoldBody) => callApi(legalHoldsEndpoints.placeLegalHold, { body }),
    onSuccess: refresh,
  });
  const release = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callApi(legalHoldsEndpoints.releaseLegalHold, { params: { id }, body: { reason } }),
    onSuccess: refresh,
  });
  return { place, release };
}
