import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { identityConnectionsEndpoints, type IdentityConnectionInput } from '@portal/contract';
import { callApi } from '../../lib/api-client';

const KEYS = {
  all: ['identityConnections'] as const,
  options: () => [...KEYS.all, 'options'] as const,
  list: (clientId: number) => [...KEYS.all, 'list', clientId] as const,
};

/** The clients whose connections the person may set up, with their experiences. */
export function identityOptionsQuery() {
  return queryOptions({
    queryKey: KEYS.options(),
    queryFn: ({ signal }) => callApi(identityConnectionsEndpoints.identityConnectionOptions, { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

export function identityConnectionsQuery(clientId: number) {
  return queryOptions({
    queryKey: KEYS.list(clientId),
    queryFn: ({ signal }) => callApi(identityConnectionsEndpoints.listIdentityConnections, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** Adding, changing and removing a client's connections; each refreshes its list. */
export function useIdentityConnectionChanges(clientId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS.list(clientId) });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: IdentityConnectionInput }) =>
      id === null
        ? callApi(identityConnectionsEndpoints.createIdentityConnection, { params: { clientId }, body })
        : callApi(identityConnectionsEndpoints.updateIdentityConnection, { params: { clientId, id }, body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(identityConnectionsEndpoints.deleteIdentityConnection, { params: { clientId, id } }),
    onSuccess: refresh,
  });
  return { save, remove };
}
