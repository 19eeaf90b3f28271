import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { accountEndpoints, type UserInfo } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { settingsKeys } from './query-keys';

/** Asked once per session: only a password change alters it, and that change updates it here. */
export function accountStatusQuery() {
  return queryOptions({
    queryKey: settingsKeys.accountStatus(),
    queryFn: ({ signal }) => callApi(accountEndpoints.accountStatus, { signal }),
    staleTime: Infinity,
  });
}

export function userInfoQuery() {
  return queryOptions({
    queryKey: settingsKeys.userInfo(),
    queryFn: ({ signal }) => callApi(accountEndpoints.userInfo, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Shows a profile the server just returned at once, then checks it again in the background. */
export function adoptUserInfo(queryClient: QueryClient, userInfo: UserInfo): void {
  queryClient.setQueryData(userInfoQuery().queryKey, { success: true as const, userInfo });
  void queryClient.invalidateQueries({ queryKey: settingsKeys.userInfo() });
}
