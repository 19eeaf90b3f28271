import type { AuditClient, AuditEntry, AuditPerson } from '@portal/contract';
import type { AuditViewEntry, AuditPage } from '../services/audit-log-viewer.service.js';

function presentPerson(id: number | null, username: string | null, first: string | null, last: string | null): AuditPerson | null {
  if (id === null || username === null) return null;
  const name = [first, last].filter(Boolean).join(' ').trim();
  return { id, username, name: name === '' ? null : name };
}

export function presentAuditClient(client: { id: number; code: string; name_en: string; name_fr: string }): AuditClient {
  return { id: client.id, code: client.code, nameEn: client.name_en, nameFr: client.name_fr };
}

/** An entry of the log as the console shows it; its snapshots arrive without secrets. */
export function presentAuditEntry(entry: AuditViewEntry): AuditEntry {
  return {
    id: entry.id,
    occurredAt: entry.occurred_at.toISOString(),
    action: entry.action,
    actor: presentPerson(entry.actor_user_id, entry.actor_username, entry.actor_first_name, entry.actor_last_name),
    target: presentPerson(entry.target_user_id, entry.target_username, entry.target_first_name, entry.target_last_name),
    client:
      entry.client_id === null || entry.client_code === null
        ? null
        : presentAuditClient({
            id: entry.client_id,
            code: entry.client_code,
            name_en: entry.client_name_en ?? '',
            name_fr: entry.client_name_fr ?? '',
          }),
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
}

export function presentAuditPage(page: AuditPage) {
  return { entries: page.entries.map(presentAuditEntry), total: page.total, page: page.page, perPage: page.perPage };
}
