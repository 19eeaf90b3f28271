/**
 * How much of an untrusted PDF the server reads, and for how long. Every reading runs in a worker
 * thread (see read-pdf-in-worker.ts); these bound what one reading may cost it.
 */
export const PDF_READING_LIMITS = {
  /** A single stream decoded past this (a statement's page holds kilobytes, a font a few megabytes) is not read. */
  maxStreamBytes: 32 * 1_048_576,
  /** All the streams a reading decodes, together. */
  maxTotalBytes: 256 * 1_048_576,
  /** The worker's JavaScript heap; a reading that needs more ends the worker. */
  maxHeapMb: 384,
  /** The whole process may grow by this much while readings run before the one running is ended. */
  maxProcessGrowthBytes: 768 * 1_048_576,
} as const;

/** Wall-clock time a reading may take once a worker starts it; then the worker is ended. */
export const PDF_READING_TIMEOUTS_MS = {
  check: 15_000,
  text: 30_000,
  copyPages: 30_000,
} as const;
