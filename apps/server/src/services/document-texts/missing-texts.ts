import type { DocumentTextsRepository } from '../../db/repositories/document-texts.repository.js';
import type { Transact } from '../../db/transact.js';
import type { TextExtractionQueue } from '../../jobs/text-extraction.js';

/** Documents looked at per batch: one short statement each, and one transaction queuing the batch's readings. */
const BATCH_SIZE = 1_000;

export interface MissingTextsProgress {
  /** Documents looked at so far. */
  checked: number;
  /** Of those, the ones whose reading was queued. */
  queued: number;
}

/**
 * Queues the reading of the text of every document that has none of its current file (stored
 * before texts were read, or whose reading was given up), walking the documents by id a batch at
 * a time; the servers' workers read them. Running it again queues what is still missing (a
 * reading queued twice finds the text read the second time and does nothing).
 */
export async function queueMissingTexts(deps: {
  texts: Pick<DocumentTextsRepository, 'textsAfter'>;
  queue: TextExtractionQueue;
  transact: Transact;
  batchSize?: number;
  onBatch?: (progress: MissingTextsProgress) => void;
  /** Stops after the batch under way (an interrupted command): what is queued stays queued. */
  signal?: AbortSignal;
}): Promise<MissingTextsProgress> {
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  const progress: MissingTextsProgress = { checked: 0, queued: 0 };
  let afterId = 0;
  while (!deps.signal?.aborted) {
    const { lastId, withoutText, checked } = await deps.texts.textsAfter(afterId, batchSize);
    if (lastId === null) return progress;
    // A batch whose texts are all read opens no transaction (after an upgrade, most of them).
    if (withoutText.length > 0) await deps.transact((trx) => deps.queue.queueTextExtraction(withoutText, trx));
    progress.checked += checked;
    progress.queued += withoutText.length;
    deps.onBatch?.({ ...progress });
    afterId = lastId;
  }
  return progress;
}
