/**
 * A document type's thumbnail is an image the console uploads, kept beside the type with the
 * hash of its bytes (its address changes with its content, so it is cached for a year); and an
 * attribute sorts its values either as numbers first, then text, or as text alone.
 */
export const statements = [
  `CREATE TABLE report_thumbnails (
     report_id integer PRIMARY KEY REFERENCES report_definitions(id) ON DELETE CASCADE,
     content_type text NOT NULL,
     content bytea NOT NULL,
     content_hash text GENERATED ALWAYS AS (encode(sha256(content), 'hex')) STORED,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  // Names written before pointed at files nothing served: a type without an image shows the default icon.
  `UPDATE report_definitions SET thumbnail = NULL`,
  `ALTER TABLE report_attributes ADD COLUMN ordering text NOT NULL DEFAULT 'number' CHECK (ordering IN ('number', 'text'))`,
];
