/**
 * The currency of an attribute whose values are amounts (ISO 4217, such as CAD): lists then show
 * "$1,234.56" to an English reader and « 1 234,56 $ » to a French one. Null for anything else.
 */
export const statements = [`ALTER TABLE report_attributes ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$')`];
