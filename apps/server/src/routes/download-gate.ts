import { ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';
import { createInFlightGate, type InFlightGate } from './in-flight-gate.js';

/**
 * How many of the heavy answers (zips, merged PDFs, usage spreadsheets) one person may have on
 * their way at once, in this instance. Each holds files, database cursors and memory while it is
 * sent; without a cap one person's script could hold them all.
 */
export function createDownloadGate(perPerson: number): DownloadGate {
  return createInFlightGate<number>(
    perPerson,
    () =>
      new AppError(429, ERROR_KEYS.tooManyDownloads, 'Other downloads of yours are still on their way; try again when one has finished.'),
  );
}
export type DownloadGate = InFlightGate<number>;
