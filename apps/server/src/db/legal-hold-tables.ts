import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What a hold keeps: a customer's documents, a whole type's, or one document. */
export type LegalHoldSubject = 'customer' | 'type' | 'document';

/** One legal hold (migration 032); released holds are kept with who released them and why. */
export interface LegalHoldsTable {
  id: Generated<number>;
  client_id: number;
  subject: LegalHoldSubject;
  /** The held type, or the held document's type; null for a customer. */
  report_id: number | null;
  document_id: number | null;
  /** A customer: the attribute values (name → value) each of the customer's documents carries. */
  owner_values: ColumnType<Record<string, string> | null, string | null, string | null>;
  reason: string;
  placed_by: number;
  placed_at: Timestamp;
  released_by: number | null;
  released_at: Timestamp | null;
  release_reason: string | null;
}

/** A stored file the object store holds too (an S3 object-lock legal hold). */
export interface LegalHoldObjectsTable {
  file_key: string;
  held_at: Timestamp;
}
