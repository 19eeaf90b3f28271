/**
 * Each brand image carries the hash of its bytes, kept by the database itself, so that its
 * address can change with its content and be cached for a year.
 */
export const statements = [
  `ALTER TABLE experience_assets ADD COLUMN content_hash text GENERATED ALWAYS AS (encode(sha256(content), 'hex')) STORED`,
  `ALTER TABLE experience_assets ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
];
