import { sql, type RawBuilder } from 'kysely';

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** Whether a name can be written into an index expression (the console's attribute names always can). */
export function isIndexableAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME.test(name);
}

/**
 * One attribute's value as text, with the name written as a literal: the expression of the
 * attribute's indexes, so that a condition or an ORDER BY written with it can use them. The name
 * is checked against the identifier pattern before it is written.
 */
export function attributeValue(attributes: RawBuilder<unknown>, name: string): RawBuilder<string> {
  if (!isIndexableAttributeName(name)) throw new Error(`Attribute names are identifiers: ${name}`);
  return sql<string>`(${attributes} ->> ${sql.lit(name)})`;
}
