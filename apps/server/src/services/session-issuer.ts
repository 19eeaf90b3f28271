import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { Tx } from '../db/transact.js';
import { createSecret } from './tokens.js';

/** Opens sessions; each step of signing in gets a new id so a fixed one is never carried forward. */
export function createSessionIssuer(deps: { sessions: SessionsRepository; maxHours: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    async open(session: Omit<Parameters<SessionsRepository['create']>[0], 'idHash' | 'expiresAt'>, trx?: Tx): Promise<string> {
      const { secret, hash } = createSecret();
      await deps.sessions.create({ idHash: hash, ...session, expiresAt: new Date(now().getTime() + deps.maxHours * 3_600_000) }, trx);
      return secret;
    },
  };
}
export type SessionIssuer = ReturnType<typeof createSessionIssuer>;
