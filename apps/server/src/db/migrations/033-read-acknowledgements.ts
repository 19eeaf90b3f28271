/**
 * Read acknowledgements: a type may ask the people who read its documents to confirm each one
 * ("I have read this notice"), version by version. A confirmation is evidence like an opening:
 * an event of the access evidence chain, action `acknowledge`, with the version and the file's
 * hash it confirms. The index finds a person's confirmations of a page's documents.
 */
export const statements = [
  `ALTER TABLE report_definitions ADD COLUMN requires_acknowledgement boolean NOT NULL DEFAULT false`,
  `ALTER TABLE access_evidence DROP CONSTRAINT access_evidence_action_check`,
  `ALTER TABLE access_evidence ADD CONSTRAINT access_evidence_action_check
    CHECK (action IN ('preview', 'download', 'merged-pdf', 'zip', 'acknowledge'))`,
  `CREATE INDEX access_evidence_acknowledged_idx ON access_evidence (user_id, document_id, document_version) WHERE action = 'acknowledge'`,
];
