import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Row shapes of the tables that find documents by their owners and their words. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * One value of an attribute identifying owners, per document, kept by triggers (migration 017):
 * plain columns, so that an owner's documents are counted and listed in date order from the
 * primary key's index alone.
 */
export interface DocumentOwnerKeysTable {
  report_id: number;
  name: string;
  value: string;
  document_date: string;
  document_id: number;
}

/** Each value of an attribute identifying owners, once, kept from the owner keys by a trigger (migration 023); never fewer than the keys'. */
export interface OwnerValuesTable {
  report_id: number;
  name: string;
  value: string;
}

/** What reading a document's text came to (see migration 028). */
export type DocumentTextState = 'read' | 'unreadable' | 'tooLarge';

/** The text read from a document's file, for searching by words (migration 012). */
export interface DocumentTextsTable {
  document_id: number;
  report_id: number;
  /** The document's language when the text was stored: it chooses the stemming. */
  language: string;
  /** The content hash of the file the text was read from. */
  content_hash: string | null;
  content: string;
  /** What reading the text came to: read, or stored empty as unreadable or past the reading limits. */
  state: Generated<DocumentTextState>;
  /** Computed by the database from the content and language. */
  search: GeneratedAlways<string>;
  /** The document's owners (its type, an attribute's name and value, apart by unit separators), kept by triggers from its owner keys. */
  owners: Generated<string[]>;
  /** The document's month as its one token (its type and `YYYY-MM`, apart by a unit separator), kept by triggers from its date. */
  months: Generated<string[]>;
  extracted_at: Generated<Timestamp>;
}
