import { ERROR_KEYS, LEGAL_HOLD_ERROR_KEYS, type PlaceLegalHoldRequest } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { LegalHoldRow, LegalHoldsRepository, NewLegalHold } from '../db/repositories/legal-holds.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { isClientInScope } from '../domain/client-scope.js';
import { AppError, forbidden } from '../errors.js';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import { requireComplianceScope, type Actor } from './permissions.js';

/** Files given to the object store per statement, when its holds follow the database's. */
const FILES_PER_ROUND = 200;

const holdNotFound = () => new AppError(404, ERROR_KEYS.legalHoldNotFound, 'This legal hold does not exist.');
const refused = (key: string, message: string) => new AppError(400, key, message);

/** What the audit log keeps of a hold: what it names and why, with its state. */
function snapshotOf(row: LegalHoldRow) {
  return {
    holdId: row.id,
    clientId: row.client_id,
    clientCode: row.client_code,
    subject: row.subject,
    reportCode: row.type?.code ?? null,
    externalId: row.external_id,
    values: row.owner_values,
    reason: row.reason,
    releasedAt: row.released_at?.toISOString() ?? null,
    releaseReason: row.release_reason,
  };
}

/** What the object store did to the files of held documents in one run. */
export interface StoredFileHolds {
  held: number;
  freed: number;
  /** The store keeps no holds of its own (not S3, or a bucket without object lock): the database's hold is the only one. */
  unsupported: boolean;
}

/**
 * Legal holds: a client's administrators and staff hold their own client's documents, super users
 * any client's. What a hold in force names is never deleted by retention nor deleted or replaced
 * through the ingestion API (`isHeld` is their one rule). With S3 storage, held documents' files
 * get an object-lock legal hold too, where the bucket supports it.
 */
export function createLegalHoldsService(deps: {
  holds: LegalHoldsRepository;
  audit: AuditLogRepository;
  transact: Transact;
  storage: DocumentStorage;
}) {
  /** The client named (else the caller's own), once it is known to be within reach: 403 otherwise, 400 when unknown. */
  async function requireClient(actor: Actor, clientId: number | undefined, trx: Tx) {
    const scope = requireComplianceScope(actor);
    const id = clientId ?? actor.client_id;
    if (!isClientInScope(scope, id)) throw forbidden();
    const client = await deps.holds.findClient(id, trx);
    if (!client) throw refused(ERROR_KEYS.clientUnknown, 'This client does not exist.');
    return client;
  }

  async function requireType(clientId: number, code: string, trx: Tx) {
    const type = await deps.holds.findTypeOfClient(clientId, code, trx);
    if (!type) throw refused(LEGAL_HOLD_ERROR_KEYS.typeUnknown, 'The client has no document type of that code.');
    return type;
  }

  /** The hold to insert, once what it names is known to be the client's. */
  async function resolveSubject(
    clientId: number,
    input: PlaceLegalHoldRequest,
    trx: Tx,
  ): Promise<Omit<NewLegalHold, 'reason' | 'placedBy'>> {
    const base = { clientId, subject: input.subject, reportId: null, documentId: null, ownerValues: null };
    switch (input.subject) {
      case 'type':
        return { ...base, reportId: (await requireType(clientId, input.typeCode, trx)).id };
      case 'document': {
        const type = await requireType(clientId, input.typeCode, trx);
        const document = await deps.holds.findDocumentOfType(type.id, input.externalId, trx);
        if (!document) throw refused(LEGAL_HOLD_ERROR_KEYS.documentUnknown, 'The type has no document of that id.');
        return { ...base, reportId: type.id, documentId: document.id };
      }
      case 'customer': {
        const names = [...new Set(input.values.map((value) => value.attribute))];
        if (names.length !== input.values.length) throw refused(LEGAL_HOLD_ERROR_KEYS.valuesRequired, 'Each attribute is named once.');
        const known = await deps.holds.attributeNamesOfClient(clientId, names, trx);
        if (names.some((name) => !known.has(name))) {
          throw refused(LEGAL_HOLD_ERROR_KEYS.attributeUnknown, 'No document type of the client has an attribute of that name.');
        }
        return { ...base, ownerValues: Object.fromEntries(input.values.map((value) => [value.attribute, value.value])) };
      }
    }
  }

  return {
    /** The clients a hold may be placed for, with their types and attributes. */
    options(actor: Actor) {
      return deps.holds.clientsWithTypes(requireComplianceScope(actor));
    },

    list(actor: Actor, filter: { clientId?: number; inForce?: boolean }): Promise<LegalHoldRow[]> {
      const scope = requireComplianceScope(actor);
      if (filter.clientId !== undefined && !isClientInScope(scope, filter.clientId)) throw forbidden();
      return deps.holds.list(scope, filter);
    },

    /** In force at once: retention and the ingestion API ask on every deletion. Audited in the same transaction. */
    async place(actor: Actor, input: PlaceLegalHoldRequest): Promise<LegalHoldRow> {
      requireComplianceScope(actor);
      return deps.transact(async (trx) => {
        const client = await requireClient(actor, input.clientId, trx);
        const subject = await resolveSubject(client.id, input, trx);
        const id = await deps.holds.insert({ ...subject, reason: input.reason, placedBy: actor.id }, trx);
        const hold = (await deps.holds.findListed(id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'placeLegalHold', targetUserId: null, before: null, after: snapshotOf(hold) },
          trx,
        );
        return hold;
      });
    },

    /** Releasing a released hold changes nothing; another client's hold answers as one that does not exist. */
    async release(actor: Actor, id: number, reason: string): Promise<LegalHoldRow> {
      const scope = requireComplianceScope(actor);
      return deps.transact(async (trx) => {
        const locked = await deps.holds.findForUpdate(id, trx);
        if (!locked || !isClientInScope(scope, locked.client_id)) throw holdNotFound();
        const before = (await deps.holds.findListed(id, trx))!;
        if (locked.released_at) return before;
        await deps.holds.release(id, actor.id, reason, trx);
        const after = (await deps.holds.findListed(id, trx))!;
        await deps.audit.record(
          { actorUserId: actor.id, action: 'releaseLegalHold', targetUserId: null, before: snapshotOf(before), after: snapshotOf(after) },
          trx,
        );
        return after;
      });
    },

    /**
     * Brings the object store's holds in line with the database's: files of held documents get an
     * object-lock legal hold, files no held document names lose theirs. A store that keeps no holds
     * answers so on the first file, and the run stops there (the next run asks again).
     */
    async holdStoredFiles(): Promise<StoredFileHolds> {
      const done: StoredFileHolds = { held: 0, freed: 0, unsupported: false };
      for (
        let keys = await deps.holds.filesToHold(FILES_PER_ROUND);
        keys.length > 0;
        keys = await deps.holds.filesToHold(FILES_PER_ROUND)
      ) {
        for (const key of keys) {
          if ((await deps.storage.setLegalHold(key, true)) === 'unsupported') return { ...done, unsupported: true };
        }
        await deps.holds.markFilesHeld(keys);
        done.held += keys.length;
      }
      for (
        let keys = await deps.holds.filesToFree(FILES_PER_ROUND);
        keys.length > 0;
        keys = await deps.holds.filesToFree(FILES_PER_ROUND)
      ) {
        for (const key of keys) await deps.storage.setLegalHold(key, false);
        await deps.holds.markFilesFreed(keys);
        done.freed += keys.length;
      }
      return done;
    },
  };
}
export type LegalHoldsService = ReturnType<typeof createLegalHoldsService>;
