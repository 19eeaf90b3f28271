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

/**
 * One attribute's value as text, in a form no index matches: for tests and sorts run only on the
 * rows a person's criteria already found. A bound name is not enough for that: PostgreSQL plans
 * with the value bound, and `->>` with it is the attribute indexes' own expression, which the
 * planner then combined with the criteria (a trigram probe of the whole table for a search, a
 * walk of the whole type's sort index for a sort). jsonb_extract_path_text gives the same value.
 */
export function unindexedAttributeValue(attributes: RawBuilder<unknown>, name: string): RawBuilder<string> {
  return sql<string>`jsonb_extract_path_text(${attributes}, ${name})`;
}

/** The lower-cased value of an attribute, as its search indexes store it. */
export function searchedValue(attributes: RawBuilder<unknown>, attribute: string): RawBuilder<string> {
  return sql<string>`lower${attributeValue(attributes, attribute)}`;
}
