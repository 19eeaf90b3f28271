import { thumbnailPath, type ConsoleAttribute, type ConsoleDocumentType } from '@portal/contract';
import type { EditedAttribute, EditedTypeWithAttributes } from '../db/repositories/document-types-editor.repository.js';

function presentAttribute(attribute: EditedAttribute): ConsoleAttribute {
  return {
    id: attribute.id,
    name: attribute.name,
    displayNameEn: attribute.display_name_en,
    displayNameFr: attribute.display_name_fr,
    descriptionEn: attribute.description_en,
    descriptionFr: attribute.description_fr,
    showInColumn: attribute.show_in_column,
    isSearchable: attribute.is_searchable,
    identifiesOwner: attribute.identifies_owner,
    ordering: attribute.ordering,
    position: attribute.position,
    valueLabels: attribute.value_labels,
    currency: attribute.currency as ConsoleAttribute['currency'],
  };
}

export function presentConsoleDocumentType(type: EditedTypeWithAttributes): ConsoleDocumentType {
  return {
    id: type.id,
    clientId: type.client_id,
    code: type.code,
    titleEn: type.title_en,
    titleFr: type.title_fr,
    position: type.position,
    sortBy: type.display_properties.sortBy,
    sortDesc: type.display_properties.sortDesc,
    retentionDays: type.retention_days,
    onboardingEnabled: type.onboarding_enabled,
    requiresAcknowledgement: type.requires_acknowledgement,
    paperAfterDays: type.paper_after_days,
    thumbnail: type.thumbnail
      ? { url: thumbnailPath(type.thumbnail.filename), width: type.thumbnail.width, height: type.thumbnail.height }
      : null,
    attributes: type.attributes.map(presentAttribute),
  };
}
