import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { createFailureReport, type FailureReport } from './failure-report.js';
import { ApiKeyRefused, createIngestionClient, RowFailure, type IngestionClient } from './ingestion-client.js';
import { UsageError, type ImportOptions } from './import-options.js';
import { importRow, type RowContext } from './import-row.js';
import { countManifestRows, ManifestError, readManifest, type ManifestEntry } from './manifest.js';
import { createProgressDisplay, createTally, describeCounts, ratePerSecond, type ImportTally } from './progress.js';
import { RetryInterrupted } from './with-retries.js';

export const EXIT_CODES = { ok: 0, rowsFailed: 1, usage: 2, interrupted: 130 } as const;

export interface ImportIo {
  /** Progress and problems. */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** The summary. */
  stdout: NodeJS.WritableStream;
  /** Aborted on interruption: no further row is taken, requests under way finish. */
  stopSignal?: AbortSignal;
  /** Between plain progress lines when stderr is not a terminal. */
  progressIntervalMs?: number;
  /** The first wait before trying a request again. */
  retryBaseDelayMs?: number;
  /** Off only to measure what the check saves. */
  checkBeforeUpload?: boolean;
}

/** Everything that can be checked before a row is read: a mistake here sends nothing. */
async function checkBeforeStart(options: ImportOptions, client: IngestionClient): Promise<void> {
  const folder = await stat(options.folder).catch(() => null);
  if (!folder?.isDirectory()) throw new UsageError(`The folder ${options.folder} does not exist.`);
  const manifest = await stat(options.manifest).catch(() => null);
  if (!manifest?.isFile()) throw new UsageError(`The manifest ${options.manifest} does not exist.`);
  await access(options.manifest, constants.R_OK).catch(() => {
    throw new UsageError(`The manifest ${options.manifest} cannot be read.`);
  });
  await access(path.dirname(options.report), constants.W_OK).catch(() => {
    throw new UsageError(`The report cannot be written in ${path.dirname(options.report)}.`);
  });
  let types: string[];
  try {
    types = await client.listDocumentTypes();
  } catch (error) {
    if (error instanceof ApiKeyRefused) throw new UsageError(error.message);
    if (error instanceof RowFailure) throw new UsageError(`The portal at ${options.url} cannot be reached: ${error.message}`);
    throw error;
  }
  if (options.type && !types.includes(options.type)) {
    throw new UsageError(`This key may not write documents of type ${options.type}; it may write: ${types.join(', ') || 'none'}.`);
  }
}

/**
 * Takes entries from one iterator with at most `concurrency` at work, and stops taking them as
 * soon as `shouldStop` says so; what is under way finishes. A failing iterator ends the run once
 * every lane is idle.
 */
async function forEachBounded<T>(
  source: AsyncGenerator<T>,
  concurrency: number,
  shouldStop: () => boolean,
  work: (entry: T) => Promise<void>,
): Promise<void> {
  const lane = async () => {
    while (!shouldStop()) {
      const next = await source.next();
      if (next.done || shouldStop()) return;
      await work(next.value);
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
  await source.return(undefined);
  const failed = lanes.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function describeSummary(tally: ImportTally, elapsedMs: number): string {
  const seconds = (elapsedMs / 1000).toFixed(1);
  const skipped = tally.notUploaded > 0 ? ` (${tally.notUploaded} without sending the file)` : '';
  return `${tally.done} rows in ${seconds} s (${ratePerSecond(tally.done, elapsedMs)}/s): ${describeCounts(tally)}${skipped}.`;
}

/** Imports the manifest's documents; returns the exit code. */
export async function runImport(options: ImportOptions, io: ImportIo): Promise<number> {
  const stopSignal = io.stopSignal ?? new AbortController().signal;
  const client = createIngestionClient({
    url: options.url,
    key: options.key,
    policy: { retries: options.retries, baseDelayMs: io.retryBaseDelayMs ?? 500, timeoutMs: options.timeoutMs, stopSignal },
  });
  try {
    await checkBeforeStart(options, client);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`${error.message}\nRun with --help for the usage.\n`);
    return EXIT_CODES.usage;
  }

  const tally = createTally();
  const report = createFailureReport(options.report);
  const context: RowContext = { folder: options.folder, client, checkBeforeUpload: io.checkBeforeUpload ?? true };
  const startedAt = Date.now();
  // Counted beside the import, so the first documents leave at once; a run that ends first stops the count.
  const counting = new AbortController();
  countManifestRows(options.manifest, options.manifestFormat, counting.signal).then(
    (total) => (tally.total = total),
    () => {}, // the import itself reports an unreadable manifest
  );
  const progress = createProgressDisplay({ tally, stream: io.stderr, startedAt, intervalMs: io.progressIntervalMs ?? 5_000 });
  let stopReason: string | null = null;
  let exitCode: number = EXIT_CODES.ok;

  const handleEntry = async (entry: ManifestEntry) => {
    const outcome = await settleEntry(entry, context, report, tally).catch((error: unknown) => {
      if (error instanceof RetryInterrupted) return 'interrupted';
      throw error;
    });
    if (outcome === 'keyRefused') stopReason ??= 'The portal refused the API key (revoked?): no further row was sent.';
    if (outcome !== 'interrupted') tally.done++;
    progress.update();
  };

  try {
    await forEachBounded(
      readManifest(options.manifest, options.manifestFormat, options.type),
      options.concurrency,
      () => stopSignal.aborted || stopReason !== null,
      handleEntry,
    );
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ManifestError)) throw error;
    stopReason = error.message;
    exitCode = EXIT_CODES.usage;
  } finally {
    counting.abort();
    progress.stop();
    await report.close();
  }

  io.stdout.write(`${describeSummary(tally, Date.now() - startedAt)}\n`);
  if (stopReason) io.stderr.write(`${stopReason}\n`);
  if (report.count > 0) io.stderr.write(`The rows that failed are listed in ${report.path}.\n`);
  if (stopSignal.aborted) {
    const of = tally.total === null ? '' : ` of ${tally.total}`;
    io.stderr.write(`Interrupted after ${tally.done}${of} rows: run the same command again to send the rest.\n`);
    return EXIT_CODES.interrupted;
  }
  if (exitCode !== EXIT_CODES.ok) return exitCode;
  return report.count > 0 ? EXIT_CODES.rowsFailed : EXIT_CODES.ok;
}

/** Sends one entry and counts it; a failed row goes to the report. */
async function settleEntry(entry: ManifestEntry, context: RowContext, report: FailureReport, tally: ImportTally) {
  if ('rejected' in entry) {
    tally.failed++;
    await report.add({ ...entry.rejected, status: null });
    return 'failed';
  }
  const { row } = entry;
  let result;
  try {
    result = await importRow(row, context);
  } catch (error) {
    if (!(error instanceof ApiKeyRefused)) throw error;
    result = { failure: { status: 401, key: error.key, field: '', message: error.message } };
  }
  if ('failure' in result) {
    tally.failed++;
    await report.add({ line: row.line, externalId: row.externalId, file: row.file, ...result.failure });
    return result.failure.status === 401 ? 'keyRefused' : 'failed';
  }
  tally[result.outcome]++;
  if (!result.uploaded) tally.notUploaded++;
  return result.outcome;
}
