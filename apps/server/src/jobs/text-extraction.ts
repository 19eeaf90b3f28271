import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { rawExecutor } from '../db/raw-executor.js';
import type { Tx } from '../db/transact.js';
import type { DocumentTextsService } from '../services/document-texts/document-texts.service.js';
import type { JobQueue } from './job-queue.js';

const TEXT_EXTRACTION_QUEUE = 'document-text-extraction';

/**
 * A reading that fails (the store does not answer) is tried again with backoff: 30 s, 1 min,
 * 2 min … about four hours in all. A run still going after ten minutes counts as lost.
 */
const EXTRACTION_RETRIES = { retryLimit: 9, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 } as const;
/** Jobs taken at a time; a full batch takes the next one at once rather than after the polling interval. */
const BATCH_SIZE = 20;

interface TextExtractionJob {
  documentId: number;
}

export interface TextExtractionQueue {
  /** Queues the reading of these documents' text, in the transaction that writes them: the jobs exist only if it commits. */
  queueTextExtraction(documentIds: number[], trx: Tx): Promise<void>;
}

/**
 * The queue of text readings, without reading any: the command that queues a backlog runs no
 * worker, the servers' workers read what it queues.
 */
export async function openTextExtractionQueue(boss: JobQueue): Promise<TextExtractionQueue> {
  await boss.createQueue(TEXT_EXTRACTION_QUEUE, { name: TEXT_EXTRACTION_QUEUE, ...EXTRACTION_RETRIES });
  return {
    async queueTextExtraction(documentIds, trx) {
      if (documentIds.length === 0) return;
      const jobs = documentIds.map((documentId) => ({ name: TEXT_EXTRACTION_QUEUE, data: { documentId }, ...EXTRACTION_RETRIES }));
      await boss.insert(jobs, { db: rawExecutor(trx) as PgBoss.Db });
    },
  };
}

/**
 * Reads the text of documents as they are stored, one at a time per instance (each in the PDF
 * worker, which the uploads' checks and the merges share), through the process's job queue. A
 * file past the worker's limits of stream expansion or heap is stored without text and its job
 * ends: it is never tried again. One ended by the clock or the process's memory is tried again
 * with the queue's backoff, and stored without text only on its last try.
 */
export async function startTextExtraction(deps: {
  queue: JobQueue;
  texts: DocumentTextsService;
  logger: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}): Promise<TextExtractionQueue> {
  const boss = deps.queue;
  const extractionQueue = await openTextExtractionQueue(boss);
  const options = { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1, batchSize: BATCH_SIZE, includeMetadata: true as const };
  // The handler names the worker to wake it; the name is known once work() answers, before any job arrives.
  const worker: { id?: string } = {};
  worker.id = await boss.work<TextExtractionJob>(TEXT_EXTRACTION_QUEUE, options, async (jobs) => {
    for (const job of jobs) {
      try {
        await deps.texts.readDocumentText(job.data.documentId, { isLastTry: job.retryCount >= job.retryLimit });
      } catch (error) {
        deps.logger.warn({ err: error, documentId: job.data.documentId }, 'document text not read yet; it will be tried again');
        // Only this job fails; the batch's others complete when the handler returns.
        await boss.fail(TEXT_EXTRACTION_QUEUE, job.id, { message: String(error) });
      }
    }
    if (jobs.length === BATCH_SIZE && worker.id) boss.notifyWorker(worker.id);
  });
  return extractionQueue;
}
