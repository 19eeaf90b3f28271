import type { ColumnType, Generated } from 'kysely';
import type { EvidenceAction } from '../domain/access-evidence.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * One opening of one document by one person (migration 031). Written without its place in the
 * chain; the chaining job sets `seq`, `previous_hash` and `hash` once, and the database refuses
 * every other change.
 */
export interface AccessEvidenceTable {
  id: Generated<string>;
  client_id: number;
  /** Position in the client's chain, from 1; null until chained. */
  seq: string | null;
  previous_hash: string | null;
  hash: string | null;
  occurred_at: Timestamp;
  user_id: number;
  username: string;
  document_id: number;
  report_code: string;
  document_version: number;
  content_hash: string | null;
  action: EvidenceAction;
  address: string;
  user_agent: string | null;
  /** The customer a staff member acted for, in a customer view; null when people act for themselves. */
  on_behalf_of: ColumnType<number | null, number | null | undefined, number | null>;
}
