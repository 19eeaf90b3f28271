import type { IngestedDocument, IngestionDocumentType, Locale, PutOutcome } from '@portal/contract';
import type { IngestionType, StoredIngestedDocument } from '../db/repositories/ingested-documents.repository.js';

export function presentDocumentTypes(types: IngestionType[]): { success: true; data: IngestionDocumentType[] } {
  return {
    success: true,
    data: types.map((type) => ({
      code: type.code,
      titleEn: type.titleEn,
      titleFr: type.titleFr,
      retentionDays: type.retentionDays,
      attributes: type.attributes.map((attribute) => ({
        name: attribute.name,
        displayNameEn: attribute.displayNameEn,
        displayNameFr: attribute.displayNameFr,
        identifiesOwner: attribute.identifiesOwner,
      })),
    })),
  };
}

/** What a put did; the portal's own row id stays inside. */
export function presentPutOutcome(result: { externalId: string; version: number; outcome: PutOutcome }) {
  return { success: true as const, data: { externalId: result.externalId, version: result.version, outcome: result.outcome } };
}

export function presentIngestedDocument(document: StoredIngestedDocument): { success: true; data: IngestedDocument } {
  return {
    success: true,
    data: {
      externalId: document.externalId,
      version: document.version,
      documentDate: document.documentDate,
      language: document.language as Locale,
      attributes: document.attributes,
      contentHash: document.contentHash,
      pageCount: document.pageCount,
      updatedAt: document.updatedAt.toISOString(),
      textState: document.textState,
    },
  };
}

export function presentDeletedDocument(result: { externalId: string }) {
  return { success: true as const, data: { externalId: result.externalId, outcome: 'deleted' as const } };
}
