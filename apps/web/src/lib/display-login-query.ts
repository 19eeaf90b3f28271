import { queryOptions } from '@tanstack/react-query';
import { sessionEndpoints } from '@portal/contract';
import { callApi } from './api-client';
import { publicQueryKeys } from './public-query-keys';

/**
 * What the sign-in page needs from the server (onboarding, default language, resolved
 * experience). Shared because the app's start-up also reads its default language.
 */
export function displayLoginQuery(experienceCode: string | undefined) {
  return queryOptions({
    queryKey: publicQueryKeys.displayLogin(experienceCode),
    queryFn: ({ signal }) => callApi(sessionEndpoints.displayLogin, { query: { exp: experienceCode }, signal }),
    staleTime: 5 * 60_000,
  });
}
