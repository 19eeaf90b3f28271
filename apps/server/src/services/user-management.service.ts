import {
  ERROR_KEYS,
  type CreateUserRequest,
  type DataListsResponse,
  type Locale,
  type ManagedUser,
  type ReportAccess,
  type UpdateUserRequest,
  type UserListRequest,
} from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import { isUniqueViolation, type ManagedUserRow, type ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { ReportAccessRepository } from '../db/repositories/report-access.repository.js';
import type { SessionsRepository } from '../db/repositories/sessions.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError, forbidden } from '../errors.js';
import { presentManagedUser, presentReportAccess } from '../presenters/managed-user.presenter.js';
import type { PasswordRecoveryService } from './password-recovery.service.js';
import {
  canManageUser,
  getAssignableRoles,
  requireAssignableRole,
  requireUserManagementScope,
  type Actor,
  type ClientScope,
} from './permissions.js';

const TEXTS: Record<Locale, Record<'created' | 'updated' | 'resetSent' | 'deleted', string>> = {
  en: {
    created: 'The user has been created. An e-mail invites them to choose a password.',
    updated: 'The user has been saved.',
    resetSent: 'An e-mail with a password reset link has been sent to the user.',
    deleted: 'The user has been deleted.',
  },
  fr: {
    created: 'L’utilisateur a été créé. Un courriel l’invite à choisir un mot de passe.',
    updated: 'L’utilisateur a été enregistré.',
    resetSent: 'Un courriel contenant un lien de réinitialisation du mot de passe a été envoyé à l’utilisateur.',
    deleted: 'L’utilisateur a été supprimé.',
  },
};

const usernameTaken = () => new AppError(400, ERROR_KEYS.usernameTaken, 'This username already exists.');

/**
 * The live user with this id, when the caller may see it. Another client's user, a higher
 * rank's, a deleted one and a nonexistent id all answer alike, so nothing tells them apart.
 */
export async function requireManageableUser(managedUsers: ManagedUsersRepository, actor: Actor, userId: number, trx?: Tx): Promise<ManagedUserRow> {
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
  managedUsers: ManagedUsersRepository;
  reportAccess: ReportAccessRepository;
  sessions: SessionsRepository;
  audit: AuditLogRepository;
  recovery: Pick<PasswordRecoveryService, 'sendPasswordLink'>;
  transact: Transact;
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
    if (await deps.managedUsers.isUsernameTaken(username, exceptUserId, trx)) throw usernameTaken();
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
    async getDataLists(actor: Actor): Promise<Omit<DataListsResponse, 'success'>> {
      const scope = requireUserManagementScope(actor);
      const [roles, clients, experiences] = await Promise.all([
        deps.managedUsers.rolesNamedFor(actor.client_id, getAssignableRoles(actor)),
        deps.managedUsers.clients(scope),
        deps.managedUsers.experiences(scope),
      ]);
      return {
        Roles: roles.map((role) => ({ Code: role.code as ManagedUser['Role_Code'], NameFr: role.name_fr, NameEn: role.name_en })),
        Experiences: experiences.map((e) => ({ Code: e.code, ClientCode: e.client_code, NameFr: e.name_fr, NameEn: e.name_en })),
        Clients: clients.map((client) => ({ Code: client.code, NameFR: client.name_fr, NameEN: client.name_en })),
      };
    },

    async listUsers(actor: Actor, request: UserListRequest): Promise<{ Users: ManagedUser[]; TotalUsers: number }> {
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
      return { Users: rows.map(presentManagedUser), TotalUsers: total };
    },

    async getUser(actor: Actor, userId: number): Promise<ManagedUser & { Reports: ReportAccess[] }> {
      requireUserManagementScope(actor);
      const row = await requireTarget(actor, userId);
      const [reports, stored] = await Promise.all([
        deps.reportAccess.reportsWithAttributes(row.client_id),
        deps.reportAccess.accessOf(row.id),
      ]);
      return { ...presentManagedUser(row), Reports: presentReportAccess(reports, stored) };
    },

    async createUser(actor: Actor, input: CreateUserRequest, language: Locale): Promise<{ msg: string; user: ManagedUser }> {
      requireUserManagementScope(actor);
      const created = await deps.transact(async (trx) => {
        const fields = await resolveForm(actor, input, null, trx);
        const userId = await deps.managedUsers
          .create({ ...fields, contactLanguage: input.contactLanguage, createdBy: actor.id }, trx)
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? usernameTaken() : error;
          });
        const row = (await deps.managedUsers.findLive(userId, trx))!;
        await deps.recovery.sendPasswordLink(row, 'welcome', trx);
        await deps.audit.record({ actorUserId: actor.id, action: 'createUser', targetUserId: userId, before: null, after: snapshotOf(row) }, trx);
        return row;
      });
      return { msg: TEXTS[language].created, user: presentManagedUser(created) };
    },

    async updateUser(actor: Actor, input: UpdateUserRequest, language: Locale): Promise<{ msg: string; user: ManagedUser }> {
      requireUserManagementScope(actor);
      const updated = await deps.transact(async (trx) => {
        const before = await requireTarget(actor, input.userId, trx);
        const isSelf = before.id === actor.id;
        if (isSelf && (input.roleCode !== before.role_code || input.clientCode.toLowerCase() !== before.client_code.toLowerCase())) {
          throw new AppError(403, ERROR_KEYS.cannotChangeOwnAccess, 'You cannot change your own role or client.');
        }
        const fields = await resolveForm(actor, input, before.id, trx);
        await deps.managedUsers.update(before.id, fields, trx).catch((error: unknown) => {
          throw isUniqueViolation(error) ? usernameTaken() : error;
        });
        const after = (await deps.managedUsers.findLive(before.id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'updateUser', targetUserId: before.id, before: snapshotOf(before), after: snapshotOf(after) },
          trx,
        );
        return after;
      });
      return { msg: TEXTS[language].updated, user: presentManagedUser(updated) };
    },

    /** The same link as a forgotten password; the user's sessions end at once. */
    async resetPassword(actor: Actor, userId: number, language: Locale): Promise<string> {
      requireUserManagementScope(actor);
      await deps.transact(async (trx) => {
        const target = await requireTarget(actor, userId, trx);
        await deps.recovery.sendPasswordLink(target, 'reset', trx);
        await deps.sessions.deleteAllForUser(target.id, undefined, trx);
        await deps.audit.record(
          { actorUserId: actor.id, action: 'resetPassword', targetUserId: target.id, before: null, after: { resetLinkSentTo: target.email, sessionsEnded: true } },
          trx,
        );
      });
      return TEXTS[language].resetSent;
    },

    /** Access ends at once; the user's rows, connections and audit history stay. */
    async softDeleteUser(actor: Actor, userId: number, language: Locale): Promise<string> {
      requireUserManagementScope(actor);
      if (userId === actor.id) throw new AppError(403, ERROR_KEYS.cannotDeleteSelf, 'You cannot delete your own account.');
      await deps.transact(async (trx) => {
        const target = await requireTarget(actor, userId, trx);
        const deletedAt = now();
        await deps.managedUsers.softDelete(target.id, deletedAt, trx);
        await deps.sessions.deleteAllForUser(target.id, undefined, trx);
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
      });
      return TEXTS[language].deleted;
    },
  };
}
export type UserManagementService = ReturnType<typeof createUserManagementService>;
