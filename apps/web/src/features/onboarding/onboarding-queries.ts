import { queryOptions } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { onboardingKeys } from './query-keys';

/** The document types the signed-in user may subscribe to; read afresh each time the dialog opens. */
export function onboardingReportsQuery() {
  return queryOptions({
    queryKey: onboardingKeys.reports(),
    queryFn: ({ signal }) => callApi(registrationEndpoints.onboardingReports, { signal }),
    staleTime: 0,
  });
}
