/**
 * The paper queue: documents a client's back office must print and mail, with the reason. A
 * document enters it for a person who sees it when the person had asked for paper when it
 * arrived (`withdrawn`), or when the person consented to electronic delivery but did not open it
 * within the type's `paper_after_days` (`unopened`). Nothing enters twice for one reason; the
 * back office acknowledges what it printed.
 *
 * `delivery_marks` keeps, per type, how far the jobs have looked: the last document id read
 * for withdrawals and for notices of availability, and the creation time up to which unopened
 * documents were read.
 */
export const statements = [
  `ALTER TABLE report_definitions ADD COLUMN paper_after_days integer CHECK (paper_after_days BETWEEN 1 AND 365)`,
  `CREATE TABLE paper_queue (
    id bigserial PRIMARY KEY,
    client_id integer NOT NULL,
    report_id integer NOT NULL,
    document_id integer NOT NULL,
    user_id integer NOT NULL,
    reason text NOT NULL CHECK (reason IN ('withdrawn', 'unopened', 'bounce')),
    queued_at timestamptz NOT NULL DEFAULT now(),
    acknowledged_at timestamptz,
    acknowledged_by_key integer,
    UNIQUE (document_id, user_id, reason)
  )`,
  `CREATE INDEX paper_queue_waiting_idx ON paper_queue (client_id, id) WHERE acknowledged_at IS NULL`,
  `CREATE TABLE delivery_marks (
    report_id integer PRIMARY KEY,
    withdrawn_after_id integer NOT NULL DEFAULT 0,
    unopened_up_to timestamptz NOT NULL DEFAULT '-infinity',
    notices_after_id integer NOT NULL DEFAULT 0
  )`,
  /**
   * A notice that a document is available, per document and person, and what became of it:
   * waiting for the person's digest, queued, accepted by the mail server, refused (a hard
   * bounce), and when the person first opened the document.
   */
  `CREATE TABLE document_notices (
    document_id integer NOT NULL,
    user_id integer NOT NULL,
    client_id integer NOT NULL,
    report_id integer NOT NULL,
    state text NOT NULL CHECK (state IN ('digest', 'queued', 'accepted', 'refused')),
    published_at timestamptz NOT NULL DEFAULT now(),
    queued_at timestamptz,
    accepted_at timestamptz,
    refused_at timestamptz,
    refusal text,
    first_opened_at timestamptz,
    PRIMARY KEY (document_id, user_id)
  )`,
  `CREATE INDEX document_notices_person_idx ON document_notices (user_id, state)`,
];
