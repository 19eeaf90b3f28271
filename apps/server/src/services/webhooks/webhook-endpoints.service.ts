import {
  ERROR_KEYS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_ERROR_KEYS,
  WEBHOOK_RECENT_DELIVERIES,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookEndpointInput,
} from '@portal/contract';
import type { AuditAction, AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { WebhookDeliveriesRepository, WebhookDeliveryRow } from '../../db/repositories/webhook-deliveries.repository.js';
import type { WebhookEndpointRow, WebhookEndpointsRepository } from '../../db/repositories/webhook-endpoints.repository.js';
import type { Transact, Tx } from '../../db/transact.js';
import { isClientInScope } from '../../domain/client-scope.js';
import { AppError, forbidden } from '../../errors.js';
import type { WebhookQueue } from '../../jobs/webhook-dispatch.js';
import type { ApiKeyContext } from '../api-key-authentication.service.js';
import { requireApiKeyScope, type Actor } from '../permissions.js';
import { requireReachableAddress, requireWebhookUrl, type AddressRules } from './webhook-addresses.js';
import type { WebhookSecretSeal } from './webhook-secret-seal.js';
import { generateWebhookSecret } from './webhook-signature.js';

/** Who manages a client's endpoints: a person of the API keys' scope, for a client it names, or a client's own key. */
export type WebhookCaller = { actor: Actor; clientId: number } | { key: ApiKeyContext };

const HOUR_MS = 3_600_000;
const endpointNotFound = () => new AppError(404, ERROR_KEYS.webhookNotFound, 'This webhook endpoint does not exist.');

/** What the audit log keeps of an endpoint: never its secret. */
function snapshotOf(row: WebhookEndpointRow) {
  return {
    endpointId: row.id,
    clientId: row.client_id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    previousSecretUntil: row.previous_secret_until?.toISOString() ?? null,
  };
}

/** The client a caller acts for: 403 for a person outside the API keys' scope or out of reach of that client. */
export function requireWebhookClient(caller: WebhookCaller): number {
  if ('key' in caller) return caller.key.clientId;
  if (!isClientInScope(requireApiKeyScope(caller.actor), caller.clientId)) throw forbidden();
  return caller.clientId;
}

export function createWebhookEndpointsService(deps: {
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  queue: WebhookQueue;
  seal: WebhookSecretSeal;
  audit: AuditLogRepository;
  transact: Transact;
  rules: AddressRules;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function audit(
    caller: WebhookCaller,
    action: AuditAction,
    before: WebhookEndpointRow | null,
    after: WebhookEndpointRow | null,
    trx: Tx,
  ) {
    const clientId = (after ?? before)!.client_id;
    const actorUserId = 'actor' in caller ? caller.actor.id : null;
    const snapshots = { before: before && snapshotOf(before), after: after && snapshotOf(after) };
    await deps.audit.record({ actorUserId, action, targetUserId: null, ...snapshots, clientId }, trx);
  }

  /** The endpoint's address and events once they may be saved: 400 with the reason otherwise. */
  async function valuesOf(input: WebhookEndpointInput) {
    const url = requireWebhookUrl(input.url, deps.rules);
    await requireReachableAddress(url, deps.rules);
    return { url: url.toString(), description: input.description ?? '', events: [...new Set(input.events)] };
  }

  async function requireEndpoint(caller: WebhookCaller, id: number, trx?: Tx): Promise<WebhookEndpointRow> {
    const endpoint = await deps.endpoints.find(requireWebhookClient(caller), id, trx);
    if (!endpoint) throw endpointNotFound();
    return endpoint;
  }

  return {
    async list(caller: WebhookCaller): Promise<WebhookEndpointRow[]> {
      return deps.endpoints.list(requireWebhookClient(caller));
    },

    /** The new endpoint and, this once, its secret. */
    async create(caller: WebhookCaller, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
      const clientId = requireWebhookClient(caller);
      const values = await valuesOf(input);
      const secret = generateWebhookSecret();
      const sealedSecret = await deps.seal.seal(secret);
      return deps.transact(async (trx) => {
        const count = await deps.endpoints.countLocked(clientId, trx);
        if (count === null) throw new AppError(400, ERROR_KEYS.clientUnknown, 'This client does not exist.');
        if (count >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError(400, WEBHOOK_ERROR_KEYS.tooManyEndpoints, `A client has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`);
        }
        const endpoint = await deps.endpoints.insert(clientId, { ...values, sealedSecret }, trx);
        await audit(caller, 'createWebhookEndpoint', null, endpoint, trx);
        return { endpoint, secret };
      });
    },

    async update(caller: WebhookCaller, id: number, input: WebhookEndpointInput): Promise<WebhookEndpointRow> {
      await requireEndpoint(caller, id);
      const values = await valuesOf(input);
      return deps.transact(async (trx) => {
        const before = await requireEndpoint(caller, id, trx);
        const after = await deps.endpoints.update(id, { ...values, enabled: input.enabled ?? before.enabled }, trx);
        const isEnabledAgain = !before.enabled && after.enabled;
        await audit(caller, isEnabledAgain ? 'enableWebhookEndpoint' : 'updateWebhookEndpoint', before, after, trx);
        return after;
      });
    },

    async remove(caller: WebhookCaller, id: number): Promise<void> {
      await deps.transact(async (trx) => {
        const before = await requireEndpoint(caller, id, trx);
        await deps.endpoints.delete(id, trx);
        await audit(caller, 'deleteWebhookEndpoint', before, null, trx);
      });
    },

    /** A new secret, answered this once; the previous one signs beside it until the overlap ends. */
    async rotate(caller: WebhookCaller, id: number, overlapHours = WEBHOOK_ROTATION_OVERLAP_HOURS) {
      await requireEndpoint(caller, id);
      const secret = generateWebhookSecret();
      const sealedSecret = await deps.seal.seal(secret);
      return deps.transact(async (trx) => {
        const before = await requireEndpoint(caller, id, trx);
        const until = overlapHours > 0 ? new Date(now().getTime() + overlapHours * HOUR_MS) : null;
        const endpoint = await deps.endpoints.rotate(
          id,
          { sealedSecret, sealedPrevious: until && before.sealed_secret, previousUntil: until },
          trx,
        );
        await audit(caller, 'rotateWebhookSecret', before, endpoint, trx);
        return { endpoint, secret };
      });
    },

    async deliveries(caller: WebhookCaller, id: number): Promise<WebhookDeliveryRow[]> {
      const endpoint = await requireEndpoint(caller, id);
      return deps.deliveries.listRecent(endpoint.id, WEBHOOK_RECENT_DELIVERIES);
    },

    /** Sends a delivery again now, under the same message id; its retries follow the schedule afresh. */
    async resend(caller: WebhookCaller, id: number, deliveryId: number): Promise<WebhookDeliveryRow> {
      const endpoint = await requireEndpoint(caller, id);
      if (!endpoint.enabled) throw new AppError(409, ERROR_KEYS.webhookDisabled, 'This endpoint is disabled: enable it first.');
      const delivery = await deps.deliveries.find(endpoint.id, deliveryId);
      if (!delivery) throw new AppError(404, ERROR_KEYS.webhookDeliveryNotFound, 'This delivery does not exist.');
      return deps.transact(async (trx) => {
        const pending = await deps.deliveries.resend(delivery.id, trx);
        await deps.queue.queueDeliveries([delivery.id], trx);
        return pending;
      });
    },
  };
}
export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;
