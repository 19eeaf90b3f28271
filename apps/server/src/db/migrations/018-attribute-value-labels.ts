/**
 * An attribute's values that are words ("Renewal", "Privacy") with what each reads in English and
 * in French, as `[{ value, en, fr }]`: the list shows a French reader « Renouvellement ».
 */
export const statements = [`ALTER TABLE report_attributes ADD COLUMN value_labels jsonb NOT NULL DEFAULT '[]'::jsonb`];
