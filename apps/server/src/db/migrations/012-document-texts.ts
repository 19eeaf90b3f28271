/**
 * The text inside each document's PDF, searchable by words. Read from the file after the
 * document is stored (a job), so a row here may lag its document or be missing; it names the file
 * it was read from (`content_hash`), and a search only trusts text read from the document's
 * current file.
 *
 * Words are compared in the document's language, stemmed ('relevés' finds 'relevé', 'statements'
 * finds 'statement') and without accents ('releve' finds 'relevé'): two text search
 * configurations, the stock French and English ones with `unaccent` before the stemmer. Both
 * extensions ship with PostgreSQL's contrib and with PGlite (loaded beside pg_trgm), and both are
 * trusted (a database owner may create them on a managed server).
 *
 * The vector is a generated column, so it always follows the text and the language it is stored
 * with; its GIN index leads with the type (btree_gin), as every list is of one type.
 */
export const statements = [
  `CREATE EXTENSION IF NOT EXISTS unaccent`,
  `CREATE EXTENSION IF NOT EXISTS btree_gin`,
  `CREATE TEXT SEARCH CONFIGURATION portal_fr (COPY = french)`,
  `ALTER TEXT SEARCH CONFIGURATION portal_fr ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem`,
  `CREATE TEXT SEARCH CONFIGURATION portal_en (COPY = english)`,
  `ALTER TEXT SEARCH CONFIGURATION portal_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem`,
  `CREATE TABLE document_texts (
    document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
    report_id integer NOT NULL,
    language text NOT NULL,
    content_hash text,
    content text NOT NULL,
    search tsvector GENERATED ALWAYS AS (
      to_tsvector(CASE WHEN language = 'fr' THEN 'portal_fr'::regconfig ELSE 'portal_en'::regconfig END, content)
    ) STORED,
    extracted_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX document_texts_search_idx ON document_texts USING gin (report_id, search)`,
];
