import { ERROR_KEYS, SCIM_ERROR_KEYS, SCIM_PAGE_MAX, type ScimGroupInput, type ScimPatch } from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import { GroupNameTakenError, type ScimGroupRow, type ScimGroupsRepository } from '../../db/repositories/scim-groups.repository.js';
import type { ProvisioningConnection } from '../../db/repositories/scim.repository.js';
import type { Transact, Tx } from '../../db/transact.js';
import { AppError } from '../../errors.js';
import { placementOf } from '../federation/provider-identity.js';
import { invalidValue } from './scim-person.js';

const DEFAULT_PAGE = 100;
const FILTER = /^\s*(displayName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
const MEMBER_PATH = /^members\[value eq "(\d+)"\]$/i;

interface GroupState {
  displayName: string;
  externalId: string | null;
  memberIds: number[];
}

const notFound = () => new AppError(404, ERROR_KEYS.notFound, 'No such group.');
const nameTaken = (name: string) => new AppError(409, SCIM_ERROR_KEYS.uniqueness, `A group is named ${name}.`, { scimType: 'uniqueness' });

const idsOf = (value: unknown): number[] => {
  const members = Array.isArray(value) ? value : [value];
  return members.map((member) => {
    const id = Number((member as { value?: unknown } | null)?.value);
    if (!Number.isInteger(id) || id <= 0) throw invalidValue('A member is named by its id.');
    return id;
  });
};

/** The group after a PatchOp: members added, removed or replaced, or its name changed. */
function applyGroupPatch(state: GroupState, patch: ScimPatch): GroupState {
  let next = state;
  for (const operation of patch.Operations) {
    const op = operation.op.toLowerCase();
    const path = operation.path?.trim();
    const member = path ? MEMBER_PATH.exec(path) : null;
    if (op === 'remove' && member) next = { ...next, memberIds: next.memberIds.filter((id) => id !== Number(member[1])) };
    else if (op === 'remove' && path?.toLowerCase() === 'members') {
      const gone = operation.value === undefined ? next.memberIds : idsOf(operation.value);
      next = { ...next, memberIds: next.memberIds.filter((id) => !gone.includes(id)) };
    } else if (op === 'add' && path?.toLowerCase() === 'members')
      next = { ...next, memberIds: [...next.memberIds, ...idsOf(operation.value)] };
    else if (op === 'replace' && path?.toLowerCase() === 'members') next = { ...next, memberIds: idsOf(operation.value ?? []) };
    else if ((op === 'replace' || op === 'add') && path?.toLowerCase() === 'displayname' && typeof operation.value === 'string') {
      next = { ...next, displayName: operation.value.trim() };
    } else if ((op === 'replace' || op === 'add') && path?.toLowerCase() === 'externalid' && typeof operation.value === 'string') {
      next = { ...next, externalId: operation.value };
    } else if (
      (op === 'replace' || op === 'add') &&
      path === undefined &&
      typeof operation.value === 'object' &&
      operation.value !== null
    ) {
      const value = operation.value as { displayName?: unknown; externalId?: unknown; members?: unknown };
      if (typeof value.displayName === 'string') next = { ...next, displayName: value.displayName.trim() };
      if (typeof value.externalId === 'string') next = { ...next, externalId: value.externalId };
      if (value.members !== undefined)
        next = { ...next, memberIds: op === 'add' ? [...next.memberIds, ...idsOf(value.members)] : idsOf(value.members) };
    } else
      throw new AppError(400, SCIM_ERROR_KEYS.invalidValue, `The portal cannot ${operation.op} ${path ?? 'this'} on a group.`, {
        scimType: 'invalidPath',
      });
  }
  return { ...next, memberIds: [...new Set(next.memberIds)] };
}

/**
 * SCIM groups: what a connection's provider provisions to give roles. A person's role is the one
 * the connection's first role mapping whose group it belongs to gives, else the connection's
 * default role; it follows each change of membership, in the change's transaction, audited.
 */
export function createScimGroupsService(deps: { groups: ScimGroupsRepository; audit: AuditLogRepository; transact: Transact }) {
  async function requireGroup(connection: ProvisioningConnection, groupId: number): Promise<ScimGroupRow> {
    const group = await deps.groups.find(connection.id, groupId);
    if (!group) throw notFound();
    return group;
  }

  /**
   * The people's roles, and experiences where a mapping names one, as their groups now say; a
   * person no mapping and no default reaches keeps its own.
   */
  async function settleRoles(connection: ProvisioningConnection, userIds: number[], trx: Tx): Promise<void> {
    for (const person of await deps.groups.rolesAndGroups(connection.id, userIds, trx)) {
      const placement = placementOf(connection, person.groups);
      if (!placement || (placement.role === person.role_code && placement.experienceId === person.experience_id)) continue;
      await deps.groups.place(person.id, placement, trx);
      await deps.audit.record(
        {
          actorUserId: null,
          action: 'updateUser',
          targetUserId: person.id,
          clientId: connection.client_id,
          before: { role: person.role_code, experienceId: person.experience_id },
          after: { role: placement.role, experienceId: placement.experienceId, groups: person.groups, provisionedBy: connection.name },
        },
        trx,
      );
    }
  }

  /** Writes the group as `next` says, in one transaction with the roles of everyone who joined or left. */
  async function write(
    connection: ProvisioningConnection,
    groupId: number | null,
    before: GroupState | null,
    next: GroupState,
  ): Promise<ScimGroupRow> {
    const members = await deps.groups.peopleAmong(connection.client_id, next.memberIds);
    if (members.length !== next.memberIds.length) throw invalidValue('A member is not one of the client’s people.');
    const id = await deps
      .transact(async (trx) => {
        const id = groupId ?? (await deps.groups.create(connection.id, next, trx));
        if (groupId !== null) await deps.groups.rename(groupId, next, trx);
        await deps.groups.setMembers(id, next.memberIds, trx);
        const moved = [...(before?.memberIds ?? []), ...next.memberIds];
        await settleRoles(connection, [...new Set(moved)], trx);
        return id;
      })
      .catch((error: unknown) => {
        throw error instanceof GroupNameTakenError ? nameTaken(next.displayName) : error;
      });
    return requireGroup(connection, id);
  }

  const stateOf = (group: ScimGroupRow): GroupState => ({
    displayName: group.display_name,
    externalId: group.external_id,
    memberIds: group.members.map((member) => member.id),
  });
  const stateOfInput = (input: ScimGroupInput): GroupState => ({
    displayName: input.displayName.trim(),
    externalId: input.externalId ?? null,
    memberIds: idsOf(input.members ?? []),
  });

  return {
    async list(connection: ProvisioningConnection, query: { filter?: string; startIndex?: number; count?: number }) {
      let filter = {};
      if (query.filter !== undefined) {
        const match = FILTER.exec(query.filter);
        if (!match)
          throw new AppError(400, SCIM_ERROR_KEYS.invalidFilter, 'Filter by displayName eq or externalId eq.', {
            scimType: 'invalidFilter',
          });
        const value = match[2]!.replace(/\\(.)/g, '$1');
        filter = match[1]!.toLowerCase() === 'displayname' ? { displayName: value } : { externalId: value };
      }
      const startIndex = query.startIndex ?? 1;
      const count = Math.min(query.count ?? DEFAULT_PAGE, SCIM_PAGE_MAX);
      const { total, rows } = await deps.groups.list(connection.id, filter, { offset: startIndex - 1, limit: count });
      return { total, startIndex, rows };
    },

    get: requireGroup,

    create: (connection: ProvisioningConnection, input: ScimGroupInput) => write(connection, null, null, stateOfInput(input)),

    async replace(connection: ProvisioningConnection, groupId: number, input: ScimGroupInput) {
      const group = await requireGroup(connection, groupId);
      return write(connection, groupId, stateOf(group), stateOfInput(input));
    },

    async patch(connection: ProvisioningConnection, groupId: number, patch: ScimPatch) {
      const group = await requireGroup(connection, groupId);
      return write(connection, groupId, stateOf(group), applyGroupPatch(stateOf(group), patch));
    },

    async remove(connection: ProvisioningConnection, groupId: number): Promise<void> {
      const group = await requireGroup(connection, groupId);
      await deps.transact(async (trx) => {
        await deps.groups.remove(groupId, trx);
        await settleRoles(connection, stateOf(group).memberIds, trx);
      });
    },
  };
}
export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
