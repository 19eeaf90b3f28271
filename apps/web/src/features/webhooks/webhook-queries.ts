import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeysEndpoints, webhooksEndpoints, type WebhookEndpoint, type WebhookEndpointInput } from '@portal/contract';
import { callApi } from '../../lib/api-client';

const KEYS = {
  all: ['webhooks'] as const,
  clients: () => [...KEYS.all, 'clients'] as const,
  list: (clientId: number) => [...KEYS.all, 'list', clientId] as const,
  deliveries: (clientId: number, id: number) => [...KEYS.all, 'deliveries', clientId, id] as const,
};

/** The clients whose webhooks the person manages: those whose API keys it manages. */
export function webhookClientsQuery() {
  return queryOptions({
    queryKey: KEYS.clients(),
    queryFn: ({ signal }) => callApi(apiKeysEndpoints.apiKeyOptions, { signal }),
    select: (answer) => answer.data.clients,
    staleTime: 5 * 60_000,
  });
}

export function webhooksQuery(clientId: number) {
  return queryOptions({
    queryKey: KEYS.list(clientId),
    queryFn: ({ signal }) => callApi(webhooksEndpoints.listWebhooks, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
}

/** An endpoint's latest deliveries, read again every few seconds while they are on screen: attempts go on meanwhile. */
export function webhookDeliveriesQuery(clientId: number, id: number) {
  return queryOptions({
    queryKey: KEYS.deliveries(clientId, id),
    queryFn: ({ signal }) => callApi(webhooksEndpoints.listWebhookDeliveries, { params: { clientId, id }, signal }),
    select: (answer) => answer.data,
    refetchInterval: 5_000,
  });
}

/** Registering, changing, rotating, removing and sending again; each refreshes what it changed. */
export function useWebhookChanges(clientId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEYS.all });
  const save = useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null;
      body: WebhookEndpointInput;
    }): Promise<{ endpoint: WebhookEndpoint; secret: string | null }> =>
      id === null
        ? callApi(webhooksEndpoints.createWebhook, { params: { clientId }, body }).then((answer) => answer.data)
        : callApi(webhooksEndpoints.updateWebhook, { params: { clientId, id }, body }).then((answer) => ({
            endpoint: answer.data,
            secret: null,
          })),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: ({ id, overlapHours }: { id: number; overlapHours: number }) =>
      callApi(webhooksEndpoints.rotateWebhookSecret, { params: { clientId, id }, body: { overlapHours } }).then((answer) => answer.data),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(webhooksEndpoints.deleteWebhook, { params: { clientId, id } }),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      callApi(webhooksEndpoints.resendWebhookDelivery, { params: { clientId, id, deliveryId } }),
    onSuccess: refresh,
  });
  return { save, rotate, remove, resend };
}
export type WebhookChanges = ReturnType<typeof useWebhookChanges>;
