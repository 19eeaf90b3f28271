import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ownSessionsEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { settingsKeys } from './query-keys';

/** Where the person is signed in: asked again each time the tab shows, as sessions come and go elsewhere. */
export function ownSessionsQuery() {
  return queryOptions({
    queryKey: settingsKeys.ownSessions(),
    queryFn: ({ signal }) => callApi(ownSessionsEndpoints.listOwnSessions, { signal }),
    staleTime: 0,
  });
}

export function signInHistoryQuery() {
  return queryOptions({
    queryKey: settingsKeys.signInHistory(),
    queryFn: ({ signal }) => callApi(ownSessionsEndpoints.ownSignInHistory, { signal }),
    staleTime: 0,
  });
}

/** Signs one session out (an id), or every other one (none); the list is read again either way. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | null) =>
      sessionId === null
        ? callApi(ownSessionsEndpoints.endOtherOwnSessions, {})
        : callApi(ownSessionsEndpoints.endOwnSession, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.ownSessions() }),
  });
}

export function trustedDevicesQuery() {
  return queryOptions({
    queryKey: settingsKeys.trustedDevices(),
    queryFn: ({ signal }) => callApi(ownSessionsEndpoints.listTrustedDevices, { signal }),
    staleTime: 0,
  });
}

/** Stops trusting a device: its next sign-in asks for the code. */
export function useRemoveTrustedDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => callApi(ownSessionsEndpoints.removeTrustedDevice, { params: { deviceId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.trustedDevices() }),
  });
}
