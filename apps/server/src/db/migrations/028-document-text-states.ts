/**
 * What reading a document's text came to, beside the text: read, or stored empty because the file
 * could not be read ('unreadable') or passed the reading limits ('tooLarge', see
 * services/pdf-reading/pdf-limits.ts). A row names the file it was read from either way, so a file
 * that failed is not read again; the back office sees the state with the document.
 */
export const statements = [
  `ALTER TABLE document_texts ADD COLUMN state text NOT NULL DEFAULT 'read'
     CONSTRAINT document_texts_state_check CHECK (state IN ('read', 'unreadable', 'tooLarge'))`,
];
