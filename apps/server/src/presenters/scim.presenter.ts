import { SCIM_BASE_PATH, SCIM_SCHEMAS, type ScimGroup, type ScimUser } from '@portal/contract';
import type { ScimGroupRow } from '../db/repositories/scim-groups.repository.js';
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

/** A group as SCIM's core Group (RFC 7643 §4.2), its members named by their ids. */
export function presentScimGroup(row: ScimGroupRow, publicUrl: string): ScimGroup {
  const created = row.created_at.toISOString();
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: String(row.id),
    ...(row.external_id !== null && { externalId: row.external_id }),
    displayName: row.display_name,
    // Without `$ref` (optional in RFC 7643): a property of that name reads as a reference in the API's description.
    members: row.members.map((member) => ({ value: String(member.id), display: member.name })),
    meta: { resourceType: 'Group', created, lastModified: created, location: `${publicUrl}${SCIM_BASE_PATH}/Groups/${row.id}` },
  };
}

/** A page of resources as a ListResponse (RFC 7644 §3.4.2). */
export function presentScimList<Row, Resource>(page: { total: number; startIndex: number; rows: Row[] }, present: (row: Row) => Resource) {
  return {
    schemas: [SCIM_SCHEMAS.list],
    totalResults: page.total,
    startIndex: page.startIndex,
    itemsPerPage: page.rows.length,
    Resources: page.rows.map(present),
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
