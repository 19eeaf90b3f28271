import { ERROR_KEYS, type CreateUserRequest, type UpdateUserRequest, type UserListRequest } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { ManagedUserRow, ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { ReportAccessRepository, ReportWithAttributes, StoredAccess } from '../db/repositories/report-access.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { PasskeysRepository } from '../db/repositories/passkeys.repository.js';
import type { TrustedDevicesRepository } from '../db/repositories/trusted-devices.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import type { ClientScope } from '../domain/client-scope.js';
import { UsernameTakenError } from '../domain/username-taken-error.js';
import { AppError, forbidden } from '../errors.js';
import type { PasswordRecoveryService } from './password-recovery.service.js';
import { canManageUser, getAssignableRoles, requireAssignableRole, requireUserManagementScope, type Actor } from './permissions.js';
import type { WebhookEvents } from './webhooks/webhook-events.js';

type RowsOf<Query extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Query>>;

/** The choices of the user form: roles (as the caller's client names them), clients and divisions in reach. */
export interface DataLists {
  roles: RowsOf<ManagedUsersRepository['rolesNamedFor']>;
  clients: RowsOf<ManagedUsersRepository['clients']>;
  experiences: RowsOf<ManagedUsersRepository['experiences']>;
}

/** One page of the user list, and how many users match in all. */
export interface ManagedUserPage {
  users: ManagedUserRow[];
  total: number;
}

/** A user with every document type of its client and the access it was given to each. */
export interface ManagedUserDetail {
  user: ManagedUserRow;
  reports: ReportWithAttributes[];
  access: Map<number, StoredAccess>;
}

const usernameTaken = () => new AppError(400, ERROR_KEYS.usernameTaken, 'This username already exists.');

/** Someone saved the same username between the check and the write: the person hears what the check would have said. */
function rethrowAsUsernameTaken(error: unknown): never {
  throw error instanceof UsernameTakenError ? usernameTaken() : error;
}

/**
 * The live user with this id, when the caller may see it. Another client's user, a higher
 * rank's, a deleted one and a nonexistent id all answer alike, so nothing tells them apart.
 */
export async function requireManageableUser(
  managedUsers: ManagedUsersRepository,
  actor: Actor,
  userId: number,
  trx?: Tx,
): Promise<ManagedUserRow> {
  const row = await managedUsers.findLive(userId, trx);
  if (!row || !canManageUser(actor, row)) throw new AppError(404, ERROR_KEYS.userNotFound, 'This user does not exist.');
  return row;
}

/** What the audit log keeps of a user: the fields an administrator edits, never a secret. */
function snapshotOf(row: ManagedUserRow) {
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roleCode: row.role_code,
    clientCode: row.client_code,
    experienceCode: row.experience_code,
    activeMFA: row.mfa_active,
    contactLanguage: row.contact_language,
  };
}

/** Administrators' view of users: lists, creation with a welcome link, changes, resets and soft deletion. */
export function createUserManagementService(deps: {
  users: UsersRepository;
  managedUsers: ManagedUsersRepository;
  reportAccess: ReportAccessRepository;
  sessions: SessionsRepository;
  trustedDevices: Pick<TrustedDevicesRepository, 'deleteAllForUser'>;
  passkeys: Pick<PasskeysRepository, 'deleteAllForUser'>;
  audit: AuditLogRepository;
  recovery: Pick<PasswordRecoveryService, 'sendPasswordLink'>;
  transact: Transact;
  /** Tells the client's back office of people created, changed and deactivated, in the transaction that does it. */
  webhooks?: Pick<WebhookEvents, 'emitForUsers'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  const requireTarget = (actor: Actor, userId: number, trx?: Tx) => requireManageableUser(deps.managedUsers, actor, userId, trx);

  /** The client and division of a form, which must be in the caller's reach and belong together. */
  async function resolveOrganisation(scope: ClientScope, clientCode: string, experienceCode: string, trx: Tx) {
    const client = await deps.managedUsers.findClientByCode(clientCode, trx);
    if (scope.kind === 'ownClient' && client?.id !== scope.clientId) throw forbidden();
    if (!client) throw new AppError(400, ERROR_KEYS.clientUnknown, 'This client does not exist.');
    const experience = await deps.managedUsers.findExperienceByCode(experienceCode, trx);
    if (!experience || experience.client_id !== client.id) {
      throw new AppError(400, ERROR_KEYS.experienceNotOfClient, 'This division does not belong to the chosen client.');
    }
    return { clientId: client.id, experienceId: experience.id };
  }

  async function requireUniqueIdentity(username: string, email: string, exceptUserId: number | null, trx: Tx): Promise<void> {
    if (await deps.users.isUsernameTaken(username, exceptUserId, trx)) throw usernameTaken();
    if (await deps.managedUsers.isEmailTaken(email, exceptUserId, trx)) {
      throw new AppError(400, ERROR_KEYS.emailTaken, 'This email address is already used by another user.');
    }
  }

  /** The fields of the form, checked against the caller's reach and the other users. */
  async function resolveForm(actor: Actor, input: CreateUserRequest | UpdateUserRequest, exceptUserId: number | null, trx: Tx) {
    const scope = requireUserManagementScope(actor);
    requireAssignableRole(actor, input.roleCode);
    const organisation = await resolveOrganisation(scope, input.clientCode, input.experienceCode, trx);
    const email = input.email.toLowerCase();
    await requireUniqueIdentity(input.username, email, exceptUserId, trx);
    return {
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      roleCode: input.roleCode,
      activeMfa: input.activeMFA,
      ...organisation,
    };
  }

  return {
    async getDataLists(actor: Actor): Promise<DataLists> {
      const scope = requireUserManagementScope(actor);
      const [roles, clients, experiences] = await Promise.all([
        deps.managedUsers.rolesNamedFor(actor.client_id, getAssignableRoles(actor)),
        deps.managedUsers.clients(scope),
        deps.managedUsers.experiences(scope),
      ]);
      return { roles, clients, experiences };
    },

    async listUsers(actor: Actor, request: UserListRequest): Promise<ManagedUserPage> {
      const scope = requireUserManagementScope(actor);
      const visible = getAssignableRoles(actor);
      const roles = request.roleFilters.length > 0 ? visible.filter((role) => request.roleFilters.includes(role)) : visible;
      const { options } = request;
      const { rows, total } = await deps.managedUsers.list({
        clients: scope,
        roles,
        search: request.search ?? '',
        sortBy: options.sortBy,
        sortDesc: options.sortDesc ?? options.sortBy === 'Id',
        limit: options.itemsPerPage,
        offset: (options.page - 1) * options.itemsPerPage,
      });
      return { users: rows, total };
    },

    async getUser(actor: Actor, userId: number): Promise<ManagedUserDetail> {
      requireUserManagementScope(actor);
      const user = await requireTarget(actor, userId);
      const [reports, access] = await Promise.all([
        deps.reportAccess.reportsWithAttributes(user.client_id),
        deps.reportAccess.accessOf(user.id),
      ]);
      return { user, reports, access };
    },

    /** The new user, who chooses a password through the welcome link. */
    async createUser(actor: Actor, input: CreateUserRequest): Promise<ManagedUserRow> {
      requireUserManagementScope(actor);
      return deps.transact(async (trx) => {
        const fields = await resolveForm(actor, input, null, trx);
        const userId = await deps.managedUsers
          .create({ ...fields, contactLanguage: input.contactLanguage, createdBy: actor.id }, trx)
          .catch(rethrowAsUsernameTaken);
        const row = (await deps.managedUsers.findLive(userId, trx))!;
        await deps.recovery.sendPasswordLink(row, 'welcome', trx);
        await deps.audit.record(
          { actorUserId: actor.id, action: 'createUser', targetUserId: userId, before: null, after: snapshotOf(row) },
          trx,
        );
        await deps.webhooks?.emitForUsers({ type: 'user.created', userIds: [userId] }, trx);
        return row;
      });
    },

    /** The user as saved. */
    async updateUser(actor: Actor, input: UpdateUserRequest): Promise<ManagedUserRow> {
      requireUserManagementScope(actor);
      return deps.transact(async (trx) => {
        const before = await requireTarget(actor, input.userId, trx);
        const isSelf = before.id === actor.id;
        if (isSelf && (input.roleCode !== before.role_code || input.clientCode.toLowerCase() !== before.client_code.toLowerCase())) {
          throw new AppError(403, ERROR_KEYS.cannotChangeOwnAccess, 'You cannot change your own role or client.');
        }
        const fields = await resolveForm(actor, input, before.id, trx);
        await deps.managedUsers.update(before.id, fields, trx).catch(rethrowAsUsernameTaken);
        const after = (await deps.managedUsers.findLive(before.id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'updateUser', targetUserId: before.id, before: snapshotOf(before), after: snapshotOf(after) },
          trx,
        );
        await deps.webhooks?.emitForUsers({ type: 'user.changed', userIds: [before.id] }, trx);
        return after;
      });
    },

    /** The same link as a forgotten password; the user's sessions end at once. */
    async resetPassword(actor: Actor, userId: number): Promise<void> {
      requireUserManagementScope(actor);
      await deps.transact(async (trx) => {
        const target = await requireTarget(actor, userId, trx);
        await deps.recovery.sendPasswordLink(target, 'reset', trx);
        await deps.sessions.deleteAllForUser(target.id, undefined, trx);
        // A reset means the account may be in other hands: no device is trusted any more, and
        // no passkey that someone else may have added signs in.
        await deps.trustedDevices.deleteAllForUser(target.id, trx);
        await deps.passkeys.deleteAllForUser(target.id, trx);
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'resetPassword',
            targetUserId: target.id,
            before: null,
            after: { resetLinkSentTo: target.email, sessionsEnded: true },
          },
          trx,
        );
      });
    },

    /** Access ends at once; the user's rows, connections and audit history stay. */
    async softDeleteUser(actor: Actor, userId: number): Promise<void> {
      requireUserManagementScope(actor);
      if (userId === actor.id) throw new AppError(403, ERROR_KEYS.cannotDeleteSelf, 'You cannot delete your own account.');
      await deps.transact(async (trx) => {
        const target = await requireTarget(actor, userId, trx);
        const deletedAt = now();
        await deps.managedUsers.softDelete(target.id, deletedAt, trx);
        await deps.sessions.deleteAllForUser(target.id, undefined, trx);
        await deps.trustedDevices.deleteAllForUser(target.id, trx);
        await deps.passkeys.deleteAllForUser(target.id, trx);
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'softDeleteUser',
            targetUserId: target.id,
            before: { ...snapshotOf(target), deletedAt: null },
            after: { ...snapshotOf(target), deletedAt: deletedAt.toISOString() },
          },
          trx,
        );
        await deps.webhooks?.emitForUsers({ type: 'user.deactivated', userIds: [target.id] }, trx);
      });
    },
  };
}
export type UserManagementService = ReturnType<typeof createUserManagementService>;
