import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export type AuditAction =
  | 'createUser'
  | 'updateUser'
  | 'resetPassword'
  | 'softDeleteUser'
  | 'saveReportAccess'
  | 'createApiKey'
  | 'revokeApiKey'
  | 'apiKeyDenied'
  | 'retentionChanged'
  | 'retentionDeleted';

export interface AuditEntry {
  /** Null when no person acted: a client's back office using an API key. */
  actorUserId: number | null;
  action: AuditAction;
  /** Null when the change is not about a person (an API key). */
  targetUserId: number | null;
  /** What changed, before and after; never a secret. */
  before: object | null;
  after: object | null;
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
        })
        .execute();
    },
  };
}
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
