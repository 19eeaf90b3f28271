import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';

export type AuditAction =
  | 'createUser'
  | 'updateUser'
  | 'resetPassword'
  | 'endSessions'
  | 'startCustomerView'
  | 'customerViewCall'
  | 'endCustomerView'
  | 'exportEvidence'
  | 'placeLegalHold'
  | 'releaseLegalHold'
  | 'publishDisclosure'
  | 'createIdentityConnection'
  | 'updateIdentityConnection'
  | 'deleteIdentityConnection'
  | 'linkIdentity'
  | 'createUserFromProvider'
  | 'createProvisioningToken'
  | 'revokeProvisioningToken'
  | 'softDeleteUser'
  | 'saveReportAccess'
  | 'createApiKey'
  | 'revokeApiKey'
  | 'apiKeyDenied'
  | 'createWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'enableWebhookEndpoint'
  | 'disableWebhookEndpoint'
  | 'retentionChanged'
  | 'retentionDeleted'
  | 'updateClient'
  | 'updateExperience'
  | 'updateDocumentType'
  | 'updateAttribute'
  | 'createFaq'
  | 'updateFaq'
  | 'deleteFaq'
  | 'reorderFaqs'
  | 'createRepositoryDocument'
  | 'updateRepositoryDocument'
  | 'deleteRepositoryDocument'
  | 'reorderRepositoryDocuments';

export interface AuditEntry {
  /** Null when no person acted: a client's back office using an API key. */
  actorUserId: number | null;
  action: AuditAction;
  /** Null when the change is not about a person (an API key). */
  targetUserId: number | null;
  /** What changed, before and after; never a secret. */
  before: object | null;
  after: object | null;
  /**
   * The client the change concerns. Absent: the client of the person changed, else the
   * `clientId` the entry names, else the actor's; null when it concerns no client.
   */
  clientId?: number | null;
}

/** The client id an entry's after (else before) snapshot names, as API key and type entries do. */
function clientIdNamedBy(entry: AuditEntry): number | null {
  for (const snapshot of [entry.after, entry.before]) {
    const named = (snapshot as { clientId?: unknown } | null)?.clientId;
    if (typeof named === 'number' && Number.isInteger(named)) return named;
  }
  return null;
}

/** Administrative changes, written in the transaction of the change itself. */
export function createAuditLogRepository() {
  return {
    async record(entry: AuditEntry, trx: Kysely<Database>): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          actor_user_id: entry.actorUserId,
          action: entry.action,
          target_user_id: entry.targetUserId,
          before: entry.before === null ? null : JSON.stringify(entry.before),
          after: entry.after === null ? null : JSON.stringify(entry.after),
          client_id:
            entry.clientId !== undefined
              ? entry.clientId
              : sql<number | null>`COALESCE(
                  (SELECT client_id FROM users WHERE id = ${entry.targetUserId}),
                  (SELECT id FROM clients WHERE id = ${clientIdNamedBy(entry)}),
                  (SELECT client_id FROM users WHERE id = ${entry.actorUserId}))`,
        })
        .execute();
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
