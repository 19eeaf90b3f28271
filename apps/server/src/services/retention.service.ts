import { ERROR_KEYS } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { RetentionRepository, TypeWithRetention } from '../db/repositories/retention.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError } from '../errors.js';
import type { ApiKeyContext } from './api-key-authentication.service.js';

/** Documents deleted per transaction: each statement holds its row locks only briefly. */
export const RETENTION_BATCH_SIZE = 1_000;

export interface RetentionRun {
  typesWithRetention: number;
  documentsDeleted: number;
  durationMs: number;
}

/** A type as the versioned routes name it, with its retention. */
export interface TypeRetention {
  code: string;
  retentionDays: number | null;
}

/** The first date kept: documents dated before `now`'s UTC day minus the retention are expired. */
export function retentionCutoff(now: Date, retentionDays: number): string {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - retentionDays));
  return cutoff.toISOString().slice(0, 10);
}

/**
 * How long each type keeps its documents (set by the client's back office), and the daily job
 * that deletes what is older. The job deletes rows only: a file no row names any more is removed
 * by the hourly orphan sweep once it is older than the sweep's grace period, as after a DELETE
 * through the API. Files are named by their content, so the same file may be sent again for a
 * new document at the very moment its last old document expires; the sweep's grace period
 * (a new upload rewrites the file) is what keeps that file.
 */
export function createRetentionService(deps: { retention: RetentionRepository; audit: AuditLogRepository; transact: Transact }) {
  /** Deletes a type's expired documents, one short transaction per batch. */
  async function purgeType(type: TypeWithRetention, cutoff: string, batchSize: number): Promise<number> {
    let deleted = 0;
    try {
      for (;;) {
        const count = await deps.transact((trx) => deps.retention.deleteExpiredBatch(type.id, cutoff, batchSize, trx));
        deleted += count;
        if (count < batchSize) break;
      }
    } finally {
      // What was deleted is recorded even when a later batch fails.
      if (deleted > 0) {
        const after = {
          reportId: type.id,
          reportCode: type.code,
          clientId: type.clientId,
          retentionDays: type.retentionDays,
          cutoff,
          deleted,
        };
        await deps.transact((trx) =>
          deps.audit.record({ actorUserId: null, action: 'retentionDeleted', targetUserId: null, before: null, after }, trx),
        );
      }
    }
    return deleted;
  }

  return {
    /** A type of the key's client: 404 errors.documentTypeUnknown for any other (another client's, or none). */
    async requireTypeOfClient(key: ApiKeyContext, code: string): Promise<{ id: number; code: string }> {
      const type = await deps.retention.findTypeOfClient(key.clientId, code);
      if (!type) throw new AppError(404, ERROR_KEYS.documentTypeUnknown, 'There is no such document type.');
      return { id: type.id, code: type.code };
    },

    /** Sets how long a type keeps its documents (null: forever), audited as the key's change. */
    async setRetention(key: ApiKeyContext, type: { id: number; code: string }, retentionDays: number | null): Promise<TypeRetention> {
      return deps.transact(async (trx) => {
        const { before } = await deps.retention.setRetention(type.id, retentionDays, trx);
        if (before !== retentionDays) {
          await deps.audit.record(
            {
              actorUserId: null,
              action: 'retentionChanged',
              targetUserId: null,
              before: { reportCode: type.code, retentionDays: before },
              after: { reportCode: type.code, retentionDays, apiKeyId: key.keyId, clientId: key.clientId },
            },
            trx,
          );
        }
        return { code: type.code, retentionDays };
      });
    },

    /** The daily job: every type with a retention, one after the other. */
    async run(options: { now?: Date; batchSize?: number } = {}): Promise<RetentionRun> {
      const started = Date.now();
      const now = options.now ?? new Date();
      const types = await deps.retention.typesWithRetention();
      let documentsDeleted = 0;
      for (const type of types) {
        documentsDeleted += await purgeType(type, retentionCutoff(now, type.retentionDays), options.batchSize ?? RETENTION_BATCH_SIZE);
      }
      return { typesWithRetention: types.length, documentsDeleted, durationMs: Date.now() - started };
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
