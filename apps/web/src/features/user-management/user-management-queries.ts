import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { userManagementEndpoints, type BodyOf, type ResponseOf } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { userManagementKeys } from './query-keys';

export type UserListRequest = BodyOf<typeof userManagementEndpoints.listManagedUsers>;
export type DataLists = ResponseOf<typeof userManagementEndpoints.userManagementDataLists>;

/** The roles, clients and divisions the signed-in person may use; they change only with the catalogue. */
export function dataListsQuery() {
  return queryOptions({
    queryKey: userManagementKeys.dataLists(),
    queryFn: ({ signal }) => callApi(userManagementEndpoints.userManagementDataLists, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usersQuery(request: UserListRequest) {
  return queryOptions({
    queryKey: userManagementKeys.users(request),
    queryFn: ({ signal }) => callApi(userManagementEndpoints.listManagedUsers, { body: request, signal }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** One user with its access per document type, read fresh each time the dialog opens. */
export function userDetailQuery(userId: number) {
  return queryOptions({
    queryKey: userManagementKeys.user(userId),
    queryFn: ({ signal }) => callApi(userManagementEndpoints.getManagedUser, { params: { id: userId }, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}
