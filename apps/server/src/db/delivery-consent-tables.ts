import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One published version of a client's delivery disclosure (migration 034); the latest is in force. */
export interface DeliveryDisclosuresTable {
  id: Generated<number>;
  client_id: number;
  version: number;
  /** The types whose documents it covers. */
  report_ids: number[];
  requirements_en: string;
  requirements_fr: string;
  withdrawal_en: string;
  withdrawal_fr: string;
  paper_en: string;
  paper_fr: string;
  /** SHA-256 of what the person agrees to (see domain/delivery-consent.ts). */
  content_hash: string;
  published_at: Timestamp;
  published_by: number | null;
}

export type PaperReason = 'withdrawn' | 'unopened' | 'bounce';

/** A document to print and mail to one person, until the back office acknowledges it. */
export interface PaperQueueTable {
  id: Generated<string>;
  client_id: number;
  report_id: number;
  document_id: number;
  user_id: number;
  reason: PaperReason;
  queued_at: Timestamp;
  acknowledged_at: Timestamp | null;
  acknowledged_by_key: number | null;
}

/** How far the paper queue's job has read each type. */
export interface DeliveryMarksTable {
  report_id: number;
  withdrawn_after_id: Generated<number>;
  unopened_up_to: Generated<Date>;
  notices_after_id: Generated<number>;
}

export type NoticeState = 'digest' | 'queued' | 'accepted' | 'refused';

/** The notice that a document is available to one person, and what became of it. */
export interface DocumentNoticesTable {
  document_id: number;
  user_id: number;
  client_id: number;
  report_id: number;
  state: NoticeState;
  published_at: Timestamp;
  queued_at: Timestamp | null;
  accepted_at: Timestamp | null;
  refused_at: Timestamp | null;
  refusal: string | null;
  first_opened_at: Timestamp | null;
}

export type ConsentEvent = 'consent' | 'withdrawal';
export type ConsentWay = 'registration' | 'sign-in' | 'settings';

/** A person's consent or withdrawal, as it was given; never changed. */
export interface DeliveryConsentsTable {
  id: Generated<string>;
  client_id: number;
  user_id: number;
  disclosure_id: number;
  disclosure_version: number;
  disclosure_hash: string;
  event: ConsentEvent;
  how: ConsentWay;
  language: string;
  address: string;
  user_agent: string | null;
  occurred_at: Timestamp;
}
