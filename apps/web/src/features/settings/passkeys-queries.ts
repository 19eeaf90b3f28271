import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { passkeysEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { createPasskey } from '../../lib/passkeys';
import { settingsKeys } from './query-keys';

export function passkeysQuery() {
  return queryOptions({
    queryKey: settingsKeys.passkeys(),
    queryFn: ({ signal }) => callApi(passkeysEndpoints.listPasskeys, { signal }),
    staleTime: 0,
  });
}

/** The code that confirms it is the person who adds a passkey, sent by their usual channel. */
export function useSendPasskeyCode() {
  return useMutation({ mutationFn: () => callApi(passkeysEndpoints.sendPasskeyCode, {}) });
}

/** The code checked, the browser creates the passkey, the server verifies and keeps it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, name }: { code: string; name: string }) => {
      const { options } = await callApi(passkeysEndpoints.passkeyRegistrationOptions, { body: { Code: code } });
      const credential = await createPasskey(options);
      return callApi(passkeysEndpoints.registerPasskey, { body: { Name: name, Code: code, Credential: credential } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ passkeyId, name }: { passkeyId: string; name: string }) =>
      callApi(passkeysEndpoints.renamePasskey, { params: { passkeyId }, body: { Name: name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passkeyId: string) => callApi(passkeysEndpoints.removePasskey, { params: { passkeyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.passkeys() }),
  });
}
