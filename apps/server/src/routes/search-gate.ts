import { ERROR_KEYS } from '@portal/contract';
import { AppError } from '../errors.js';
import { createInFlightGate, type InFlightGate } from './in-flight-gate.js';

/**
 * How many document lists, searches and access previews one person may have running at once, in
 * this instance. Each holds a connection of the search pool until it answers or its statement
 * times out; without a cap one person's slow searches could hold the whole pool and everyone
 * else's lists would wait behind them.
 */
export function createSearchGate(perPerson: number): SearchGate {
  return createInFlightGate<number>(
    perPerson,
    () => new AppError(429, ERROR_KEYS.tooManySearches, 'Other searches of yours are still running; try again when one has finished.'),
  );
}
export type SearchGate = InFlightGate<number>;
