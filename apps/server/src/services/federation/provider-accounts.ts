import { FEDERATION_ERROR_KEYS, type RoleCode } from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { IdentityConnectionRow, IdentityConnectionsRepository } from '../../db/repositories/identity-connections.repository.js';
import type { ManagedUsersRepository } from '../../db/repositories/managed-users.repository.js';
import type { Transact, Tx } from '../../db/transact.js';
import { UsernameTakenError } from '../../domain/username-taken-error.js';
import { AppError } from '../../errors.js';
import { placementOf, type ProviderIdentity } from './provider-identity.js';

export interface ProviderAccountsDeps {
  connections: IdentityConnectionsRepository;
  managedUsers: ManagedUsersRepository;
  audit: AuditLogRepository;
  transact: Transact;
}

const refused = (key: string, message: string, status: number) => new AppError(status, key, message);

/**
 * An account a client's identity provider makes, at sign-in or by provisioning: of the
 * connection's client and experience, the portal's code on, and never asked to choose a password
 * (the person signs in through the provider). Throws UsernameTakenError for a taken username.
 */
export async function makeProvidedAccount(
  deps: { managedUsers: ManagedUsersRepository; connections: Pick<IdentityConnectionsRepository, 'settleProvidedAccount'> },
  connection: { client_id: number; experience_id: number },
  person: { username: string; firstName: string; lastName: string; email: string; language: string; role: RoleCode },
  trx: Tx,
): Promise<number> {
  const userId = await deps.managedUsers.create(
    {
      username: person.username,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      roleCode: person.role,
      clientId: connection.client_id,
      experienceId: connection.experience_id,
      activeMfa: true,
      contactLanguage: person.language,
      createdBy: null,
    },
    trx,
  );
  await deps.connections.settleProvidedAccount(userId, trx);
  return userId;
}

/** The account of a person the provider vouched for: linked, found by address, or made now. */
export async function accountOf(deps: ProviderAccountsDeps, connection: IdentityConnectionRow, person: ProviderIdentity): Promise<number> {
  const linked = await deps.connections.linkedUserId(connection.id, person.subject);
  if (linked !== undefined) return linked;
  const byEmail = await deps.connections.userIdWithEmail(connection.client_id, person.email);
  if (byEmail !== undefined) {
    await deps.transact(async (trx) => {
      await deps.connections.link(connection.id, person.subject, byEmail, trx);
      const after = { connection: connection.name, subject: person.subject, email: person.email };
      await deps.audit.record(
        { actorUserId: null, action: 'linkIdentity', targetUserId: byEmail, clientId: connection.client_id, before: null, after },
        trx,
      );
    });
    return byEmail;
  }
  const placement = placementOf(connection, person.groups);
  if (!placement) throw refused(FEDERATION_ERROR_KEYS.noAccount, 'Your organisation has not given you access to this portal.', 403);
  const { role, experienceId } = placement;
  return deps
    .transact(async (trx) => {
      const userId = await makeProvidedAccount(
        deps,
        { client_id: connection.client_id, experience_id: experienceId },
        { ...person, role },
        trx,
      );
      await deps.connections.link(connection.id, person.subject, userId, trx);
      const after = { connection: connection.name, subject: person.subject, username: person.username, role };
      await deps.audit.record(
        {
          actorUserId: null,
          action: 'createUserFromProvider',
          targetUserId: userId,
          clientId: connection.client_id,
          before: null,
          after,
        },
        trx,
      );
      return userId;
    })
    .catch((error: unknown) => {
      if (error instanceof UsernameTakenError)
        throw refused(FEDERATION_ERROR_KEYS.usernameTaken, 'Another account has this username.', 409);
      throw error;
    });
}
