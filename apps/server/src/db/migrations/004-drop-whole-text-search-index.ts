/**
 * The trigram index over the whole attribute text matched the keys and every other value
 * too, so broad searches rechecked ten times the rows they found. Each searchable attribute
 * now has its own prefix and trigram indexes (created with its document type), and this one
 * only slowed writes.
 */
export const statements = [`DROP INDEX IF EXISTS documents_attributes_trgm_idx`];
