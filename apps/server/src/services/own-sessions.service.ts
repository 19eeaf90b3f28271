import { ERROR_KEYS, SIGN_IN_HISTORY_DAYS, SIGN_IN_RESULTS } from '@portal/contract';
import type { ConnectionLogRepository } from '../db/repositories/connection-log.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import { AppError } from '../errors.js';

/** The most sign-in attempts a person is shown: a flood of failures does not make the list endless. */
const HISTORY_LIMIT = 500;

/** A person's own sessions, which they may end, and the attempts to sign in to their account. */
export function createOwnSessionsService(deps: {
  sessions: SessionsRepository;
  connectionLog: ConnectionLogRepository;
  idleMinutes: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    list(userId: number) {
      const current = now();
      return deps.sessions.listActiveForUser(userId, new Date(current.getTime() - deps.idleMinutes * 60_000), current);
    },

    async endOne(userId: number, publicId: string): Promise<number> {
      const ended = await deps.sessions.deleteByPublicId(userId, publicId);
      if (ended === 0) throw new AppError(404, ERROR_KEYS.notFound, 'No such session');
      return ended;
    },

    endOthers: (userId: number, currentSessionHash: string) => deps.sessions.deleteAllForUser(userId, currentSessionHash),

    history(userId: number) {
      const since = new Date(now().getTime() - SIGN_IN_HISTORY_DAYS * 86_400_000);
      return deps.connectionLog.listForUser(userId, since, SIGN_IN_RESULTS, HISTORY_LIMIT);
    },
  };
}
export type OwnSessionsService = ReturnType<typeof createOwnSessionsService>;
