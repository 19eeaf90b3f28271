import { ERROR_KEYS, IDENTITY_CONNECTION_ERROR_KEYS, type IdentityConnectionInput } from '@portal/contract';
import type { AuditLogRepository } from '../../db/repositories/audit-log.repository.js';
import {
  DomainTakenError,
  type IdentityConnectionFields,
  type IdentityConnectionRow,
  type IdentityConnectionsRepository,
} from '../../db/repositories/identity-connections.repository.js';
import type { RoleMapping } from '../../db/identity-tables.js';
import type { ScimRepository } from '../../db/repositories/scim.repository.js';
import type { Transact } from '../../db/transact.js';
import { isClientInScope } from '../../domain/client-scope.js';
import { AppError, forbidden } from '../../errors.js';
import { getAssignableRoles, requireComplianceScope, type Actor } from '../permissions.js';
import { createSecret, hashSecret } from '../tokens.js';
import type { ProviderDirectory } from './provider-directory.js';
import { readIdentityProviderMetadata } from '../../domain/saml-metadata.js';

/** How a provisioning token starts, so that a leaked one is recognised by secret scanners and people. */
const SCIM_TOKEN_PREFIX = 'scim_';

const invalid = (key: string, message: string) => new AppError(400, key, message);

/** What the audit log keeps of a connection: everything but its secret. */
function snapshotOf(row: IdentityConnectionRow) {
  return {
    name: row.name,
    issuer: row.issuer,
    providerClientId: row.client_key,
    scopes: row.scopes,
    claims: row.claims,
    domains: row.domains,
    roleMappings: row.role_mappings,
    defaultRole: row.default_role,
    experienceCode: row.experience_code,
    enforcedRoles: row.enforced_roles,
    trustProviderMfa: row.trust_provider_mfa,
    enabled: row.enabled,
  };
}

/**
 * A client's identity provider connections, set up by whoever acts for the client (its
 * administrators and staff, super users for any client): the roles a connection gives are at most
 * the caller's own, its issuer is read before it is saved, and its secret is sealed and never
 * answered again. Every change is audited.
 */
export function createIdentityConnectionsService(deps: {
  connections: IdentityConnectionsRepository;
  directory: ProviderDirectory;
  provisioning: Pick<ScimRepository, 'setToken'>;
  audit: AuditLogRepository;
  transact: Transact;
}) {
  function requireClient(actor: Actor, clientId: number): void {
    if (!isClientInScope(requireComplianceScope(actor), clientId)) throw forbidden();
  }

  async function fieldsOf(
    actor: Actor,
    clientId: number,
    input: IdentityConnectionInput,
    sealedSecret: string,
    before?: IdentityConnectionRow,
  ): Promise<IdentityConnectionFields> {
    const assignable = getAssignableRoles(actor);
    const given = [...input.roleMappings.map((mapping) => mapping.role), ...(input.defaultRole ? [input.defaultRole] : [])];
    if (given.some((role) => !assignable.includes(role))) {
      throw invalid(IDENTITY_CONNECTION_ERROR_KEYS.roleNotAllowed, 'A connection gives no role above your own.');
    }
    const experienceIdOf = async (code: string) => {
      const id = await deps.connections.experienceIdOf(clientId, code);
      if (id === undefined) throw invalid(IDENTITY_CONNECTION_ERROR_KEYS.experienceUnknown, 'This experience is not one of the client’s.');
      return id;
    };
    const experienceId = await experienceIdOf(input.experienceCode);
    const roleMappings: RoleMapping[] = [];
    for (const mapping of input.roleMappings) {
      const placed = mapping.experienceCode
        ? { experience_id: await experienceIdOf(mapping.experienceCode), experience_code: mapping.experienceCode }
        : {};
      roleMappings.push({ group: mapping.group, role: mapping.role, ...placed });
    }
    return {
      client_id: clientId,
      name: input.name,
      ...(await protocolFieldsOf(input, sealedSecret, before)),
      claims: input.claims as unknown as string,
      role_mappings: roleMappings as unknown as string,
      default_role: input.defaultRole ?? null,
      experience_id: experienceId,
      enforced_roles: [...new Set(input.enforcedRoles)],
      trust_provider_mfa: input.trustProviderMfa,
      enabled: input.enabled,
    };
  }

  /** The SAML identity provider the metadata given describes: the file's, else the one published at its address. */
  async function readSamlMetadata(input: IdentityConnectionInput) {
    const xml = input.samlMetadata?.trim()
      ? input.samlMetadata
      : input.samlMetadataUrl
        ? await deps.directory.metadataAt(input.samlMetadataUrl)
        : undefined;
    return xml === undefined ? undefined : readIdentityProviderMetadata(xml);
  }

  /** How to reach the provider: an OpenID Connect issuer read now, or a SAML identity provider's metadata. */
  async function protocolFieldsOf(input: IdentityConnectionInput, sealedSecret: string, before?: IdentityConnectionRow) {
    if (input.kind === 'saml') {
      // A change without new metadata keeps the provider read from the metadata saved.
      const kept = before?.kind === 'saml' && !input.samlMetadata?.trim() && !input.samlMetadataUrl;
      const provider = kept
        ? {
            entityId: before.issuer,
            ssoUrl: before.saml_sso_url!,
            certificate: before.saml_certificate!,
            logoutUrl: before.saml_logout_url,
          }
        : await readSamlMetadata(input);
      if (!provider) {
        throw invalid(
          IDENTITY_CONNECTION_ERROR_KEYS.samlMetadataInvalid,
          'The metadata names no entity id, sign-on address or signing certificate.',
        );
      }
      const none = { client_key: '', sealed_secret: '', scopes: '' };
      return {
        kind: 'saml' as const,
        issuer: provider.entityId,
        saml_sso_url: provider.ssoUrl,
        saml_certificate: provider.certificate,
        saml_logout_url: provider.logoutUrl,
        ...none,
      };
    }
    if (input.providerClientId === '')
      throw invalid(IDENTITY_CONNECTION_ERROR_KEYS.clientIdRequired, 'Give the client id the provider gave the portal.');
    if (!sealedSecret) throw invalid(IDENTITY_CONNECTION_ERROR_KEYS.secretRequired, 'A new connection needs its client secret.');
    await deps.directory.check(input.issuer);
    return {
      kind: 'oidc' as const,
      issuer: input.issuer,
      client_key: input.providerClientId,
      sealed_secret: sealedSecret,
      scopes: input.scopes,
      saml_sso_url: null,
      saml_certificate: null,
      saml_logout_url: null,
    };
  }

  const domainTaken = (error: unknown) => {
    if (error instanceof DomainTakenError) {
      throw invalid(IDENTITY_CONNECTION_ERROR_KEYS.domainTaken, `Another connection serves ${error.domain} already.`);
    }
    throw error;
  };

  async function requireConnection(clientId: number, id: number) {
    const row = await deps.connections.find(clientId, id);
    if (!row) throw new AppError(404, ERROR_KEYS.notFound, 'This connection does not exist.');
    return row;
  }

  return {
    /** The clients the caller may connect, with their experiences. */
    options(actor: Actor) {
      const scope = requireComplianceScope(actor);
      return deps.connections.clientsWithExperiences(scope.kind === 'allClients' ? null : [scope.clientId]);
    },

    async list(actor: Actor, clientId: number): Promise<IdentityConnectionRow[]> {
      requireClient(actor, clientId);
      return deps.connections.list(clientId);
    },

    async create(actor: Actor, clientId: number, input: IdentityConnectionInput): Promise<IdentityConnectionRow> {
      requireClient(actor, clientId);
      const fields = await fieldsOf(actor, clientId, input, input.clientSecret ? await deps.directory.seal(input.clientSecret) : '');
      return deps.transact(async (trx) => {
        const id = await deps.connections.create(fields, input.domains, trx).catch(domainTaken);
        const row = (await deps.connections.find(clientId, id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'createIdentityConnection', targetUserId: null, clientId, before: null, after: snapshotOf(row) },
          trx,
        );
        return row;
      });
    },

    async update(actor: Actor, clientId: number, id: number, input: IdentityConnectionInput): Promise<IdentityConnectionRow> {
      requireClient(actor, clientId);
      const before = await requireConnection(clientId, id);
      const sealed = input.clientSecret ? await deps.directory.seal(input.clientSecret) : before.sealed_secret;
      const fields = await fieldsOf(actor, clientId, input, sealed, before);
      return deps.transact(async (trx) => {
        await deps.connections.update(id, fields, input.domains, trx).catch(domainTaken);
        const row = (await deps.connections.find(clientId, id, trx))!;
        const after = { ...snapshotOf(row), ...(input.clientSecret && { secretReplaced: true }) };
        await deps.audit.record(
          { actorUserId: actor.id, action: 'updateIdentityConnection', targetUserId: null, clientId, before: snapshotOf(before), after },
          trx,
        );
        return row;
      });
    },

    /** A new provisioning token for the connection, answered once: its SHA-256 alone is kept; audited. */
    async createScimToken(actor: Actor, clientId: number, id: number): Promise<string> {
      requireClient(actor, clientId);
      const connection = await requireConnection(clientId, id);
      const { secret } = createSecret();
      const token = `${SCIM_TOKEN_PREFIX}${secret}`;
      await deps.transact(async (trx) => {
        await deps.provisioning.setToken(id, { hash: hashSecret(token), prefix: token.slice(0, 12) }, trx);
        const after = { connection: connection.name, tokenPrefix: token.slice(0, 12) };
        await deps.audit.record(
          { actorUserId: actor.id, action: 'createProvisioningToken', targetUserId: null, clientId, before: null, after },
          trx,
        );
      });
      return token;
    },

    async revokeScimToken(actor: Actor, clientId: number, id: number): Promise<void> {
      requireClient(actor, clientId);
      const connection = await requireConnection(clientId, id);
      await deps.transact(async (trx) => {
        await deps.provisioning.setToken(id, null, trx);
        const before = { connection: connection.name };
        await deps.audit.record(
          { actorUserId: actor.id, action: 'revokeProvisioningToken', targetUserId: null, clientId, before, after: null },
          trx,
        );
      });
    },

    async remove(actor: Actor, clientId: number, id: number): Promise<void> {
      requireClient(actor, clientId);
      const before = await requireConnection(clientId, id);
      await deps.transact(async (trx) => {
        await deps.connections.remove(id, trx);
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'deleteIdentityConnection',
            targetUserId: null,
            clientId,
            before: snapshotOf(before),
            after: null,
          },
          trx,
        );
      });
    },
  };
}
export type IdentityConnectionsService = ReturnType<typeof createIdentityConnectionsService>;
