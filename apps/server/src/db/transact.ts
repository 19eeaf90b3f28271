import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/** A transaction handle that services pass on to repositories without ever querying it themselves. */
export type Tx = Kysely<Database>;
export type Transact = <T>(work: (trx: Tx) => Promise<T>) => Promise<T>;

export function createTransact(db: Kysely<Database>): Transact {
  return (work) => db.transaction().execute(work);
}
