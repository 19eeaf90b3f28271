import type { LegalHold, LegalHoldClientOption } from '@portal/contract';
import type { LegalHoldRow, LegalHoldsRepository } from '../db/repositories/legal-holds.repository.js';

export function presentLegalHold(row: LegalHoldRow): LegalHold {
  return {
    id: row.id,
    clientId: row.client_id,
    clientCode: row.client_code,
    subject: row.subject,
    type: row.type && { code: row.type.code, titleEn: row.type.title_en, titleFr: row.type.title_fr },
    externalId: row.subject === 'document' ? row.external_id : null,
    values: row.owner_values && Object.entries(row.owner_values).map(([attribute, value]) => ({ attribute, value })),
    reason: row.reason,
    placedAt: row.placed_at.toISOString(),
    placedBy: row.placed_by_name,
    releasedAt: row.released_at?.toISOString() ?? null,
    releasedBy: row.released_by_name,
    releaseReason: row.release_reason,
  };
}

export function presentLegalHoldClients(clients: Awaited<ReturnType<LegalHoldsRepository['clientsWithTypes']>>): LegalHoldClientOption[] {
  return clients.map((client) => ({
    id: client.id,
    code: client.code,
    nameEn: client.name_en,
    nameFr: client.name_fr,
    types: client.types.map((type) => ({ code: type.code, titleEn: type.title_en, titleFr: type.title_fr })),
    attributes: client.attributes.map((attribute) => ({
      name: attribute.name,
      labelEn: attribute.display_name_en,
      labelFr: attribute.display_name_fr,
    })),
  }));
}
