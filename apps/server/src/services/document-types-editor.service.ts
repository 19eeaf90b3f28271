import {
  CONSOLE_DOCUMENT_TYPE_ERROR_KEYS as KEYS,
  DOCUMENT_TYPE_SORT_BY_DATE,
  type ReorderAttributesRequest,
  type UpdateAttributeRequest,
  type UpdateDocumentTypeRequest,
} from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type {
  DocumentTypesEditorRepository,
  EditedAttribute,
  EditedTypeWithAttributes,
} from '../db/repositories/document-types-editor.repository.js';
import type { RetentionRepository } from '../db/repositories/retention.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError } from '../errors.js';
import { requireTenantClient, type Actor } from './permissions.js';

const typeNotFound = () => new AppError(404, KEYS.documentTypeNotFound, 'There is no such document type.');

/** A type of the client with its attributes, else 404; locked for the transaction when asked. */
export async function requireClientType(
  types: DocumentTypesEditorRepository,
  clientId: number,
  typeId: number,
  trx?: Tx,
  lock = false,
): Promise<EditedTypeWithAttributes> {
  const type = await types.findType(clientId, typeId, trx, { lock });
  if (!type) throw typeNotFound();
  return type;
}
const attributeNotFound = () => new AppError(404, KEYS.attributeNotFound, 'There is no such attribute.');

/** What the audit log keeps of a type's settings. */
function typeSnapshot(type: EditedTypeWithAttributes) {
  return {
    clientId: type.client_id,
    reportId: type.id,
    reportCode: type.code,
    titleEn: type.title_en,
    titleFr: type.title_fr,
    displayProperties: type.display_properties,
    retentionDays: type.retention_days,
    onboardingEnabled: type.onboarding_enabled,
    requiresAcknowledgement: type.requires_acknowledgement,
    paperAfterDays: type.paper_after_days,
    attributeOrder: type.attributes.map((a) => a.name),
  };
}

function attributeSnapshot(type: EditedTypeWithAttributes, attribute: EditedAttribute) {
  return {
    clientId: type.client_id,
    reportId: type.id,
    reportCode: type.code,
    attributeId: attribute.id,
    name: attribute.name,
    displayNameEn: attribute.display_name_en,
    displayNameFr: attribute.display_name_fr,
    descriptionEn: attribute.description_en,
    descriptionFr: attribute.description_fr,
    showInColumn: attribute.show_in_column,
    isSearchable: attribute.is_searchable,
    identifiesOwner: attribute.identifies_owner,
    ordering: attribute.ordering,
    valueLabels: attribute.value_labels,
    currency: attribute.currency,
  };
}

/**
 * The tenant console's editor of document types and attributes. Document lists, searches and the
 * dashboard read these rows on every request (the ingestion API keeps them 5 s), so every
 * instance applies a saved change on its next request. Turning a column or a search on builds the
 * indexes its attribute name needs once the change is committed; indexes of names no longer
 * shown or searched stay: another type may use the name, and building them again is what costs.
 */
export function createDocumentTypesEditorService(deps: {
  types: DocumentTypesEditorRepository;
  retention: RetentionRepository;
  audit: AuditLogRepository;
  transact: Transact;
}) {
  const requireType = (clientId: number, typeId: number, trx?: Tx, lock = false) =>
    requireClientType(deps.types, clientId, typeId, trx, lock);

  /** One audit entry of the console's change to a client's type or attribute, in the change's transaction. */
  function recordChange(
    actor: Actor,
    clientId: number,
    change: { action: 'updateDocumentType' | 'updateAttribute'; before: object; after: object },
    trx: Tx,
  ): Promise<void> {
    return deps.audit.record({ actorUserId: actor.id, targetUserId: null, clientId, ...change }, trx);
  }

  return {
    list(actor: Actor, clientId: number): Promise<EditedTypeWithAttributes[]> {
      requireTenantClient(actor, clientId);
      return deps.types.listTypes(clientId);
    },

    async updateType(actor: Actor, clientId: number, typeId: number, input: UpdateDocumentTypeRequest): Promise<EditedTypeWithAttributes> {
      requireTenantClient(actor, clientId);
      return deps.transact(async (trx) => {
        const before = await requireType(clientId, typeId, trx, true);
        const shown = before.attributes.filter((a) => a.show_in_column).map((a) => a.name);
        if (input.sortBy !== DOCUMENT_TYPE_SORT_BY_DATE && !shown.includes(input.sortBy)) {
          throw new AppError(400, KEYS.sortInvalid, 'The default sort is the date or an attribute shown in a column.');
        }
        await deps.types.updateType(
          typeId,
          {
            title_en: input.titleEn,
            title_fr: input.titleFr,
            display_properties: { sortBy: input.sortBy, sortDesc: input.sortDesc },
            onboarding_enabled: input.onboardingEnabled,
            ...(input.requiresAcknowledgement !== undefined && { requires_acknowledgement: input.requiresAcknowledgement }),
            ...(input.paperAfterDays !== undefined && { paper_after_days: input.paperAfterDays }),
          },
          trx,
        );
        // The back office's retention call writes the same column through the same repository.
        await deps.retention.setRetention(typeId, input.retentionDays, trx);
        const after = (await requireType(clientId, typeId, trx))!;
        await recordChange(
          actor,
          clientId,
          { action: 'updateDocumentType', before: typeSnapshot(before), after: typeSnapshot(after) },
          trx,
        );
        return after;
      });
    },

    async updateAttribute(
      actor: Actor,
      clientId: number,
      typeId: number,
      attributeId: number,
      input: UpdateAttributeRequest,
    ): Promise<EditedTypeWithAttributes> {
      requireTenantClient(actor, clientId);
      const { type, attribute } = await deps.transact(async (trx) => {
        const before = await requireType(clientId, typeId, trx, true);
        const attributeBefore = before.attributes.find((a) => a.id === attributeId);
        if (!attributeBefore) throw attributeNotFound();
        if (!input.showInColumn && before.display_properties.sortBy === attributeBefore.name) {
          throw new AppError(
            400,
            KEYS.attributeIsDefaultSort,
            "The type's list is sorted by this attribute: choose another default sort first.",
          );
        }
        await deps.types.updateAttribute(
          attributeId,
          {
            display_name_en: input.displayNameEn,
            display_name_fr: input.displayNameFr,
            description_en: input.descriptionEn,
            description_fr: input.descriptionFr,
            show_in_column: input.showInColumn,
            is_searchable: input.isSearchable,
            identifies_owner: input.identifiesOwner,
            ordering: input.ordering ?? attributeBefore.ordering,
            value_labels: input.valueLabels ?? attributeBefore.value_labels,
            currency: input.currency === undefined ? attributeBefore.currency : input.currency,
          },
          trx,
        );
        const after = await requireType(clientId, typeId, trx);
        const attributeAfter = after.attributes.find((a) => a.id === attributeId)!;
        await recordChange(
          actor,
          clientId,
          {
            action: 'updateAttribute',
            before: attributeSnapshot(before, attributeBefore),
            after: attributeSnapshot(after, attributeAfter),
          },
          trx,
        );
        return { type: after, attribute: attributeAfter };
      });
      // After the commit, outside any transaction: on PostgreSQL the build runs concurrently with writes.
      await deps.types.ensureAttributeIndexes(
        attribute.name,
        {
          sort: attribute.show_in_column ? attribute.ordering : null,
          search: attribute.is_searchable,
          owner: attribute.identifies_owner,
        },
        type,
      );
      return type;
    },

    async reorderAttributes(
      actor: Actor,
      clientId: number,
      typeId: number,
      input: ReorderAttributesRequest,
    ): Promise<EditedTypeWithAttributes> {
      requireTenantClient(actor, clientId);
      return deps.transact(async (trx) => {
        const before = await requireType(clientId, typeId, trx, true);
        const current = new Set(before.attributes.map((a) => a.id));
        const named = new Set(input.attributeIds);
        if (named.size !== input.attributeIds.length || named.size !== current.size || input.attributeIds.some((id) => !current.has(id))) {
          throw new AppError(400, KEYS.attributeOrderInvalid, 'The new order names every attribute of the type once.');
        }
        await deps.types.reorderAttributes(typeId, input.attributeIds, trx);
        const after = await requireType(clientId, typeId, trx);
        await recordChange(
          actor,
          clientId,
          { action: 'updateDocumentType', before: typeSnapshot(before), after: typeSnapshot(after) },
          trx,
        );
        return after;
      });
    },
  };
}
export type DocumentTypesEditorService = ReturnType<typeof createDocumentTypesEditorService>;
