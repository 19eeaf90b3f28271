/**
 * Searches with contains, starts-with and ends-with cannot use an index on one attribute
 * without one index per attribute name. A trigram index over the whole attribute document
 * lets any such search first narrow to the rows whose text contains the searched text;
 * the exact per-attribute condition then runs on those few rows only.
 */
export const statements = [`CREATE INDEX documents_attributes_trgm_idx ON documents USING gin ((attributes::text) gin_trgm_ops)`];
