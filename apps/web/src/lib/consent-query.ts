import { queryOptions } from '@tanstack/react-query';
import { deliveryConsentEndpoints } from '@portal/contract';
import { callApi } from './api-client';

export const CONSENT_QUERY_KEY = ['deliveryConsent'] as const;

/** Where the signed-in person stands with its client's delivery disclosure. */
export function consentStateQuery() {
  return queryOptions({
    queryKey: CONSENT_QUERY_KEY,
    queryFn: ({ signal }) => callApi(deliveryConsentEndpoints.consentState, { signal }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });
}
