import type { Locale } from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { WebhookDeliveriesRepository } from '../../db/repositories/webhook-deliveries.repository.js';
import type { WebhookEndpointsRepository } from '../../db/repositories/webhook-endpoints.repository.js';
import type { Transact } from '../../db/transact.js';
import type { Notifier } from '../notifier.service.js';

/** The endpoint the portal gives up on, and the failure that decided it. */
export interface FailingEndpoint {
  endpointId: number;
  clientId: number;
  url: string;
  lastError: string;
}

/**
 * Disables an endpoint that has failed for days, once (another instance may be doing it too):
 * its pending deliveries are not sent, the change is audited, and the client's administrators
 * and staff with an address are told by mail in their own language, all in one transaction.
 */
export function createWebhookDisabling(deps: {
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  notifier: Pick<Notifier, 'sendWebhookDisabled'>;
  audit: AuditLogRepository;
  transact: Transact;
  disableAfterDays: number;
}) {
  return (failing: FailingEndpoint) =>
    deps.transact(async (trx) => {
      if (!(await deps.endpoints.disableFailing(failing.endpointId, trx))) return;
      await deps.deliveries.failPending(failing.endpointId, 'endpoint disabled', trx);
      const snapshot = { endpointId: failing.endpointId, clientId: failing.clientId, url: failing.url, enabled: false };
      await deps.audit.record(
        {
          actorUserId: null,
          action: 'disableWebhookEndpoint',
          targetUserId: null,
          before: { ...snapshot, enabled: true },
          after: { ...snapshot, lastError: failing.lastError },
          clientId: failing.clientId,
        },
        trx,
      );
      for (const person of await deps.endpoints.administratorsOf(failing.clientId, trx)) {
        await deps.notifier.sendWebhookDisabled(
          { ...person, language: person.language as Locale },
          { url: failing.url, days: deps.disableAfterDays, lastError: failing.lastError },
          trx,
        );
      }
    });
}
