import { SCIM_BASE_PATH, SCIM_SCHEMAS, type ScimUser } from '@portal/contract';
import type { ScimPersonRow } from '../db/repositories/scim.repository.js';

/** A person as SCIM's core User (RFC 7643 §4.1), at its address below the portal's. */
export function presentScimUser(row: ScimPersonRow, publicUrl: string): ScimUser {
  const created = row.created_at.toISOString();
  const name = `${row.first_name} ${row.last_name}`.trim();
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: String(row.id),
    ...(row.scim_external_id !== null && { externalId: row.scim_external_id }),
    userName: row.username,
    name: { givenName: row.first_name, familyName: row.last_name },
    displayName: name || row.username,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.deleted_at === null,
    preferredLanguage: row.contact_language,
    meta: {
      resourceType: 'User',
      created,
      lastModified: (row.deleted_at ?? row.created_at).toISOString(),
      location: `${publicUrl}${SCIM_BASE_PATH}/Users/${row.id}`,
    },
  };
}

export function presentScimList(page: { total: number; startIndex: number; rows: ScimPersonRow[] }, publicUrl: string) {
  return {
    schemas: [SCIM_SCHEMAS.list],
    totalResults: page.total,
    startIndex: page.startIndex,
    itemsPerPage: page.rows.length,
    Resources: page.rows.map((row) => presentScimUser(row, publicUrl)),
  };
}

/** What the service supports, as RFC 7643 §5 describes it. */
export const SCIM_SERVICE_PROVIDER_CONFIG = {
  schemas: [SCIM_SCHEMAS.serviceProvider],
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Provisioning token',
      description: 'The provisioning token of one of the client’s identity provider connections.',
    },
  ],
};
