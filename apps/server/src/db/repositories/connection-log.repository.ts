import { sql, type Kysely } from 'kysely';
import type { SecondStep } from '@portal/contract';
import type { Database } from '../types.js';

export interface ConnectionAttempt {
  userId: number | null;
  usernameAttempted: string;
  succeeded: boolean;
  reason: string;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** How the second step passed: the code's channel, or a trusted device. */
  secondStep?: SecondStep;
}

export function createConnectionLogRepository(db: Kysely<Database>) {
  return {
    /** Failed attempts on the account since the date: a burst of them asks for the code even on a trusted device. */
    async countFailuresSince(userId: number, since: Date): Promise<number> {
      const row = await db
        .selectFrom('connection_log')
        .select(sql<number>`count(*)::int`.as('failures'))
        .where('user_id', '=', userId)
        .where('succeeded', '=', false)
        .where('occurred_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    /** The attempts on this account since the date, newest first, of the kinds given (at most `limit`). */
    listForUser(userId: number, since: Date, reasons: readonly string[], limit: number) {
      return db
        .selectFrom('connection_log')
        .select(['occurred_at', 'succeeded', 'reason', 'second_step', 'user_agent', 'ip'])
        .where('user_id', '=', userId)
        .where('occurred_at', '>=', since)
        .where('reason', 'in', reasons)
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async record(attempt: ConnectionAttempt): Promise<void> {
      await db
        .insertInto('connection_log')
        .values({
          user_id: attempt.userId,
          username_attempted: attempt.usernameAttempted,
          succeeded: attempt.succeeded,
          reason: attempt.reason,
          device_id: attempt.deviceId,
          ip: attempt.ip,
          user_agent: attempt.userAgent,
          second_step: attempt.secondStep ?? null,
        })
        .execute();
    },
  };
}
export type ConnectionLogRepository = ReturnType<typeof createConnectionLogRepository>;
