import { ERROR_KEYS, SCIM_ERROR_KEYS, SCIM_PAGE_MAX, type RoleCode, type ScimPatch, type ScimUserInput } from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import type { IdentityConnectionsRepository } from '../../db/repositories/identity-connections.repository.js';
import type { ManagedUsersRepository } from '../../db/repositories/managed-users.repository.js';
import type { ProvisioningConnection, ScimPersonRow, ScimRepository } from '../../db/repositories/scim.repository.js';
import type { SessionsRepository } from '../../db/repositories/sessions.repository.js';
import type { Transact } from '../../db/transact.js';
import { UsernameTakenError } from '../../domain/username-taken-error.js';
import { AppError } from '../../errors.js';
import { hashSecret } from '../tokens.js';
import { makeProvidedAccount } from '../federation/provider-accounts.js';
import { applyPatch, factsOfInput, factsOfRow, sameFacts, type ScimFacts } from './scim-person.js';
import type { WebhookEvents } from '../webhooks/webhook-events.js';

const DEFAULT_PAGE = 100;
const FILTER = /^\s*(userName|externalId)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

const notFound = () => new AppError(404, ERROR_KEYS.notFound, 'No such user.', { scimType: undefined });
const taken = (username: string) =>
  new AppError(409, SCIM_ERROR_KEYS.uniqueness, `The userName ${username} is taken.`, { scimType: 'uniqueness' });

/** `userName eq "…"` or `externalId eq "…"`, the filters identity providers send before they create. */
function filterOf(text: string | undefined): { userName?: string; externalId?: string } {
  if (text === undefined) return {};
  const match = FILTER.exec(text);
  if (!match)
    throw new AppError(400, SCIM_ERROR_KEYS.invalidFilter, 'Filter by userName eq or externalId eq.', { scimType: 'invalidFilter' });
  const value = match[2]!.replace(/\\(.)/g, '$1');
  return match[1]!.toLowerCase() === 'username' ? { userName: value } : { externalId: value };
}

/**
 * SCIM 2.0 provisioning by a client's identity provider: the client's people, read, made,
 * replaced, patched and deactivated as the provider says. A provisioning run that finds everyone
 * as it says changes nothing and audits nothing; each change is audited with the connection
 * named, and a deactivation ends the person's sessions in the same transaction.
 */
export function createScimService(deps: {
  scim: ScimRepository;
  managedUsers: ManagedUsersRepository;
  sessions: Pick<SessionsRepository, 'deleteAllForUser'>;
  connections: Pick<IdentityConnectionsRepository, 'settleProvidedAccount'>;
  audit: AuditLogRepository;
  transact: Transact;
  /** Tells the client's back office of people made, changed and deactivated by provisioning, in its transaction. */
  webhooks?: Pick<WebhookEvents, 'emitForUsers'>;
}) {
  async function requirePerson(connection: ProvisioningConnection, userId: number): Promise<ScimPersonRow> {
    const person = await deps.scim.find(connection.client_id, userId);
    if (!person) throw notFound();
    return person;
  }

  /** Sets the person as `next` says, in one transaction with its audit; nothing at all when nothing changes. */
  async function settle(connection: ProvisioningConnection, person: ScimPersonRow, next: ScimFacts): Promise<ScimPersonRow> {
    const before = factsOfRow(person);
    if (sameFacts(before, next)) return person;
    return deps
      .transact(async (trx) => {
        await deps.scim.write(person.id, next, trx);
        if (before.active && !next.active) await deps.sessions.deleteAllForUser(person.id, undefined, trx);
        const action = before.active && !next.active ? 'softDeleteUser' : 'updateUser';
        await deps.audit.record(
          {
            actorUserId: null,
            action,
            targetUserId: person.id,
            clientId: connection.client_id,
            before,
            after: { ...next, provisionedBy: connection.name },
          },
          trx,
        );
        const type = action === 'softDeleteUser' ? 'user.deactivated' : 'user.changed';
        await deps.webhooks?.emitForUsers({ type, userIds: [person.id] }, trx);
        return (await deps.scim.find(connection.client_id, person.id, trx))!;
      })
      .catch((error: unknown) => {
        throw error instanceof UsernameTakenError ? taken(next.username) : error;
      });
  }

  return {
    /** The connection a provisioning token opens, if it opens one. */
    connectionOf: (token: string) => deps.scim.connectionOfToken(hashSecret(token)),

    async list(connection: ProvisioningConnection, query: { filter?: string; startIndex?: number; count?: number }) {
      const startIndex = query.startIndex ?? 1;
      const count = Math.min(query.count ?? DEFAULT_PAGE, SCIM_PAGE_MAX);
      const { total, rows } = await deps.scim.list(connection.client_id, filterOf(query.filter), { offset: startIndex - 1, limit: count });
      return { total, startIndex, rows };
    },

    get: requirePerson,

    async create(connection: ProvisioningConnection, input: ScimUserInput): Promise<ScimPersonRow> {
      if (!connection.default_role) {
        throw new AppError(400, SCIM_ERROR_KEYS.noDefaultRole, 'The connection gives no default role to the accounts it makes.', {
          scimType: 'invalidValue',
        });
      }
      const facts = factsOfInput(input);
      const userId = await deps
        .transact(async (trx) => {
          const id = await makeProvidedAccount(deps, connection, { ...facts, role: connection.default_role as RoleCode }, trx);
          await deps.scim.write(id, facts, trx);
          const after = { ...facts, role: connection.default_role, provisionedBy: connection.name };
          await deps.audit.record(
            { actorUserId: null, action: 'createUser', targetUserId: id, clientId: connection.client_id, before: null, after },
            trx,
          );
          await deps.webhooks?.emitForUsers({ type: 'user.created', userIds: [id] }, trx);
          return id;
        })
        .catch((error: unknown) => {
          throw error instanceof UsernameTakenError ? taken(facts.username) : error;
        });
      return requirePerson(connection, userId);
    },

    async replace(connection: ProvisioningConnection, userId: number, input: ScimUserInput): Promise<ScimPersonRow> {
      return settle(connection, await requirePerson(connection, userId), factsOfInput(input));
    },

    async patch(connection: ProvisioningConnection, userId: number, patch: ScimPatch): Promise<ScimPersonRow> {
      const person = await requirePerson(connection, userId);
      return settle(connection, person, applyPatch(factsOfRow(person), patch));
    },

    /** Deactivates the person: the portal keeps every account, and its access ends. */
    async remove(connection: ProvisioningConnection, userId: number): Promise<void> {
      const person = await requirePerson(connection, userId);
      await settle(connection, person, { ...factsOfRow(person), active: false });
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
