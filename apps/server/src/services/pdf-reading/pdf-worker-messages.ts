import type { PdfTaskKind } from './pdf-tasks.js';

/** A request from the pool: one task on one file. */
export interface PdfWorkerRequest {
  id: number;
  kind: PdfTaskKind;
  input: unknown;
}

/** The worker's answer: the task's output, the limit the file passed, or why the file could not be read. */
export type PdfWorkerAnswer =
  | { id: number; outcome: 'read'; value: unknown }
  | { id: number; outcome: 'tooLarge'; limit: 'expansion' }
  | { id: number; outcome: 'unreadable'; message: string };

/** Sent once by a worker whose code is loaded. */
export const PDF_WORKER_READY = 'ready';
