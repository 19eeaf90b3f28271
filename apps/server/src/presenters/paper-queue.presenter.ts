import type { PaperQueueEntryRow } from '../db/repositories/paper-queue.repository.js';

/** A page of the paper queue as the back office reads it. */
export function presentPaperQueue(found: { rows: PaperQueueEntryRow[]; total: number }, page: { page: number; perPage: number }) {
  return {
    success: true as const,
    data: {
      entries: found.rows.map((row) => ({
        id: Number(row.id),
        reason: row.reason,
        queuedAt: row.queued_at.toISOString(),
        documentType: row.report_code,
        externalId: row.external_id,
        documentDate: row.document_date,
        attributes: row.attributes,
        recipient: {
          username: row.username,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          language: row.contact_language,
        },
      })),
      total: found.total,
      page: page.page,
      perPage: page.perPage,
    },
  };
}
