import type { Locale } from '@portal/contract';
import type { PaperQueueRepository } from '../db/repositories/paper-queue.repository.js';
import { serverText } from '../i18n/server-texts.js';
import type { ApiKeyContext } from './api-key-authentication.service.js';
import { requireTenantClient, type Actor } from './permissions.js';
import type { Spreadsheet, SpreadsheetCell } from './usage-spreadsheet.js';

/** Entries read per statement when the whole queue is exported. */
const EXPORT_BATCH = 1_000;

export interface PaperQueueRun {
  types: number;
  queued: number;
}

/**
 * The paper queue: what a client's back office prints and mails, fed by the job from the types a
 * disclosure in force covers, each read from the marks its publication set: the documents already
 * there were delivered before the client asked for proof, and none of them is queued.
 */
export function createPaperQueueService(deps: { paper: PaperQueueRepository }) {
  async function* exportBatches(clientId: number, language: Locale): AsyncIterable<SpreadsheetCell[][]> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { rows } = await deps.paper.waiting(clientId, null, { offset, limit: EXPORT_BATCH });
      if (rows.length === 0) return;
      yield rows.map((row) => [
        Number(row.id),
        row.queued_at,
        serverText(language, `paperQueue.reasons.${row.reason}`),
        row.report_code,
        row.external_id,
        row.document_date,
        `${row.first_name} ${row.last_name}`.trim(),
        row.username,
        row.email,
        Object.entries(row.attributes)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      ]);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  return {
    /** The job: each covered type's new documents for people on paper, and its unopened ones past the type's delay. */
    async run(): Promise<PaperQueueRun> {
      let queued = 0;
      const types = await deps.paper.coveredTypes();
      for (const type of types) {
        const marks = await deps.paper.marksOf(type.id);
        const withdrawn = await deps.paper.queueWithdrawn(type.id, marks.withdrawn_after_id);
        let unopenedUpTo = marks.unopened_up_to;
        if (type.paper_after_days !== null) {
          const unopened = await deps.paper.queueUnopened(type.id, type.paper_after_days, marks.unopened_up_to);
          queued += unopened.queued;
          unopenedUpTo = unopened.upTo;
        }
        queued += withdrawn.queued;
        await deps.paper.saveMarks(type.id, { withdrawnAfterId: withdrawn.lastId, unopenedUpTo });
      }
      return { types: types.length, queued };
    },

    /** The key's client's waiting entries (of the key's types), oldest first. */
    waiting(key: ApiKeyContext, page: { page: number; perPage: number }) {
      return deps.paper.waiting(key.clientId, key.reportIds, { offset: (page.page - 1) * page.perPage, limit: page.perPage });
    },

    acknowledge(key: ApiKeyContext, ids: number[]): Promise<number> {
      return deps.paper.acknowledge(key.clientId, key.reportIds, ids.map(String), key.keyId);
    },

    counts(actor: Actor, clientId: number) {
      requireTenantClient(actor, clientId);
      return deps.paper.countsOf(clientId);
    },

    /** Every waiting entry of the client as a spreadsheet in the language asked, read a batch at a time. */
    exportSheet(actor: Actor, clientId: number, language: Locale): Spreadsheet {
      requireTenantClient(actor, clientId);
      const header = (key: Parameters<typeof serverText>[1]) => serverText(language, key);
      return {
        sheetName: header('paperQueue.sheet'),
        columns: [
          { header: header('paperQueue.columns.id'), width: 10 },
          { header: header('paperQueue.columns.queuedAt'), width: 20, numFmt: 'yyyy-mm-dd hh:mm' },
          { header: header('paperQueue.columns.reason'), width: 28 },
          { header: header('paperQueue.columns.type'), width: 16 },
          { header: header('paperQueue.columns.externalId'), width: 20 },
          { header: header('paperQueue.columns.documentDate'), width: 14 },
          { header: header('paperQueue.columns.name'), width: 24 },
          { header: header('paperQueue.columns.username'), width: 20 },
          { header: header('paperQueue.columns.email'), width: 28 },
          { header: header('paperQueue.columns.values'), width: 40 },
        ],
        batches: exportBatches(clientId, language),
      };
    },
  };
}
export type PaperQueueService = ReturnType<typeof createPaperQueueService>;
