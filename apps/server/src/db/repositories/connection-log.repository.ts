import type { Kysely } from 'kysely';
import type { Database } from '../types.js';

export interface ConnectionAttempt {
  userId: number | null;
  usernameAttempted: string;
  succeeded: boolean;
  reason: string;
  deviceId: string | null;
  ip: string | null;
}

export function createConnectionLogRepository(db: Kysely<Database>) {
  return {
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
        })
        .execute();
    },
  };
}
export type ConnectionLogRepository = ReturnType<typeof createConnectionLogRepository>;
