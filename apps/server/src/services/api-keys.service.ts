import { API_KEY_ERROR_KEYS, ERROR_KEYS, type CreateApiKeyRequest } from '@portal/contract';
import type { ApiKeyListRow, ApiKeysRepository } from '../db/repositories/api-keys.repository.js';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { isClientInScope } from '../domain/client-scope.js';
import { AppError, forbidden } from '../errors.js';
import type { ApiKeyContext } from './api-key-authentication.service.js';
import { generateApiKeySecret } from './api-key-secret.js';
import { requireApiKeyScope, type Actor } from './permissions.js';

const apiKeyNotFound = () => new AppError(404, ERROR_KEYS.apiKeyNotFound, 'This API key does not exist.');

/** What the audit log keeps of a key: enough to tell which one and what it reached, never the key nor its hash. */
function snapshotOf(row: ApiKeyListRow) {
  return {
    keyId: row.id,
    name: row.name,
    prefix: row.key_prefix,
    clientId: row.client_id,
    clientCode: row.client_code,
    types: row.types?.map((type) => type.code) ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/** Keys of the clients a person manages: SUPER_USER any client's, INTERNAL its own client's. */
export function createApiKeysService(deps: {
  apiKeys: ApiKeysRepository;
  audit: AuditLogRepository;
  transact: Transact;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The client named (else the caller's own), once it is known to be within reach: 403 otherwise, 400 when unknown. */
  async function requireClient(actor: Actor, clientId: number | undefined, trx?: Tx) {
    const scope = requireApiKeyScope(actor);
    const id = clientId ?? actor.client_id;
    if (!isClientInScope(scope, id)) throw forbidden();
    const client = await deps.apiKeys.findClient(id, trx);
    if (!client) throw new AppError(400, ERROR_KEYS.clientUnknown, 'This client does not exist.');
    return client;
  }

  /** The ids of the client's types named, or null for every type; 400 when one is not the client's. */
  async function resolveTypes(clientId: number, codes: string[] | null | undefined, trx: Tx): Promise<number[] | null> {
    if (codes === null || codes === undefined) return null;
    const unique = [...new Set(codes)];
    const found = await deps.apiKeys.findTypesOfClient(clientId, unique, trx);
    if (found.length !== unique.length) {
      throw new AppError(400, API_KEY_ERROR_KEYS.typesInvalid, 'One of the chosen document types is not of this client.');
    }
    return unique.map((code) => found.find((type) => type.code === code)!.id);
  }

  return {
    /** The clients a new key may be made for, each with its types. */
    options(actor: Actor) {
      return deps.apiKeys.clientsWithTypes(requireApiKeyScope(actor));
    },

    async list(actor: Actor, clientId: number | undefined): Promise<ApiKeyListRow[]> {
      const scope = requireApiKeyScope(actor);
      if (clientId !== undefined && !isClientInScope(scope, clientId)) throw forbidden();
      return deps.apiKeys.list(scope, clientId);
    },

    /** The new key and, this once, its secret: only its hash is stored. */
    async create(actor: Actor, input: CreateApiKeyRequest): Promise<{ key: ApiKeyListRow; secret: string }> {
      requireApiKeyScope(actor);
      return deps.transact(async (trx) => {
        const client = await requireClient(actor, input.clientId, trx);
        const reportIds = await resolveTypes(client.id, input.types, trx);
        const { secret, hash, prefix } = generateApiKeySecret();
        const id = await deps.apiKeys.insert({ clientId: client.id, name: input.name, prefix, hash, reportIds, createdBy: actor.id }, trx);
        const key = (await deps.apiKeys.findListed(id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'createApiKey', targetUserId: null, before: null, after: snapshotOf(key) },
          trx,
        );
        return { key, secret };
      });
    },

    /** Effective at once: the key is looked up on every call. Revoking a revoked key changes nothing. */
    async revoke(actor: Actor, id: number): Promise<ApiKeyListRow> {
      const scope = requireApiKeyScope(actor);
      return deps.transact(async (trx) => {
        const locked = await deps.apiKeys.findForUpdate(id, trx);
        // Another client's key answers exactly as a key that does not exist.
        if (!locked || !isClientInScope(scope, locked.client_id)) throw apiKeyNotFound();
        const before = (await deps.apiKeys.findListed(id, trx))!;
        if (locked.revoked_at) return before;
        await deps.apiKeys.revoke(id, actor.id, now(), trx);
        const after = (await deps.apiKeys.findListed(id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'revokeApiKey', targetUserId: null, before: snapshotOf(before), after: snapshotOf(after) },
          trx,
        );
        return after;
      });
    },

    /** The presented key as its sender may see it. */
    async identify(key: ApiKeyContext): Promise<ApiKeyListRow> {
      const row = await deps.apiKeys.findListed(key.keyId);
      if (!row) throw apiKeyNotFound();
      return row;
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
