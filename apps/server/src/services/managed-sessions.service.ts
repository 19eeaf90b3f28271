import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { Transact } from '../db/transact.js';
import type { OwnSessionsService } from './own-sessions.service.js';
import { requireUserManagementScope, type Actor } from './permissions.js';
import { requireManageableUser } from './user-management.service.js';

/**
 * The sessions of a user an administrator may manage: seen as the user sees them, and ended all
 * at once (a lost phone, a shared computer), audited. Anyone else's answers as a missing user.
 */
export function createManagedSessionsService(deps: {
  managedUsers: ManagedUsersRepository;
  ownSessions: Pick<OwnSessionsService, 'list'>;
  sessions: SessionsRepository;
  audit: AuditLogRepository;
  transact: Transact;
}) {
  return {
    async list(actor: Actor, userId: number) {
      requireUserManagementScope(actor);
      const target = await requireManageableUser(deps.managedUsers, actor, userId);
      return deps.ownSessions.list(target.id);
    },

    async endAll(actor: Actor, userId: number): Promise<number> {
      requireUserManagementScope(actor);
      return deps.transact(async (trx) => {
        const target = await requireManageableUser(deps.managedUsers, actor, userId, trx);
        const ended = await deps.sessions.deleteAllForUser(target.id, undefined, trx);
        await deps.audit.record(
          { actorUserId: actor.id, action: 'endSessions', targetUserId: target.id, before: null, after: { sessionsEnded: ended } },
          trx,
        );
        return ended;
      });
    },
  };
}
export type ManagedSessionsService = ReturnType<typeof createManagedSessionsService>;
