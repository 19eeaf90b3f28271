import type { ApiKeyClientOption, ApiKeySummary, ApiKeyType } from '@portal/contract';
import type { ApiKeyListRow, ApiKeyTypeRow } from '../db/repositories/api-keys.repository.js';

function presentType(type: ApiKeyTypeRow): ApiKeyType {
  return { code: type.code, titleEn: type.title_en, titleFr: type.title_fr };
}

/** A key as lists show it: its first characters, never the key nor its hash. */
export function presentApiKey(row: ApiKeyListRow): ApiKeySummary {
  return {
    id: row.id,
    clientId: row.client_id,
    clientCode: row.client_code,
    name: row.name,
    prefix: row.key_prefix,
    types: row.types?.map(presentType) ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedBy: row.revoked_by_name,
  };
}

export function presentApiKeyClients(
  clients: { id: number; code: string; name_en: string; name_fr: string; types: ApiKeyTypeRow[] }[],
): ApiKeyClientOption[] {
  return clients.map((client) => ({
    id: client.id,
    code: client.code,
    nameEn: client.name_en,
    nameFr: client.name_fr,
    types: client.types.map(presentType),
  }));
}

/** The presented key as its sender sees it: whose it is and which type codes it may send. */
export function presentApiKeyIdentity(row: ApiKeyListRow) {
  return { name: row.name, clientCode: row.client_code, types: row.types?.map((type) => type.code) ?? null };
}
