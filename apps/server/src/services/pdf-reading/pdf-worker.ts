import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { PDF_TASKS, PdfLimitError } from './pdf-tasks.js';
import { PDF_WORKER_READY, type PdfWorkerAnswer, type PdfWorkerRequest } from './pdf-worker-messages.js';

/**
 * Readings are background work: on Linux a thread has its own niceness, and this one yields the
 * cores to the event loop's thread when both want them (elsewhere the call would lower the whole
 * process, so it is not made).
 */
const BACKGROUND_NICENESS = 10;
if (process.platform === 'linux') setPriority(0, BACKGROUND_NICENESS);

/** The PDF worker: takes one task at a time from the pool (read-pdf-in-worker.ts) and answers it. */
parentPort!.on('message', (request: PdfWorkerRequest) => {
  const run = PDF_TASKS[request.kind] as (input: unknown) => Promise<unknown>;
  run(request.input).then(
    (value) => {
      const transfer = value && typeof value === 'object' && 'bytes' in value ? [(value.bytes as Uint8Array).buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ id: request.id, outcome: 'read', value } satisfies PdfWorkerAnswer, transfer);
    },
    (error: unknown) => {
      const answer: PdfWorkerAnswer =
        error instanceof PdfLimitError
          ? { id: request.id, outcome: 'tooLarge', limit: error.limit }
          : { id: request.id, outcome: 'unreadable', message: error instanceof Error ? error.message : String(error) };
      parentPort!.postMessage(answer);
    },
  );
});

parentPort!.postMessage(PDF_WORKER_READY);
