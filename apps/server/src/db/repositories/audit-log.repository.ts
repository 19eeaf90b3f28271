import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export type AuditAction = 'createUser' | 'updateUser' | 'resetPassword' | 'softDeleteUser' | 'saveReportAccess';

export interface AuditEntry {
  actorUserId: number;
  action: AuditAction;
  targetUserId: number;
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
