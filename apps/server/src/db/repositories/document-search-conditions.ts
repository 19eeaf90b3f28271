import { sql, type RawBuilder } from 'kysely';
import { searchedValue, unindexedAttributeValue } from './attribute-value.js';
import type { SelectionAsRead } from '../../search/plan/search-plan.js';
import type { SearchOperation } from './document-search.js';
import { isAmongDocuments, isAmongWalkedDocuments, textMatches } from './document-text-search.js';
import { termKey } from './rare-terms.js';

export { searchedValue } from './attribute-value.js';

/** A text's characters in reverse order, as PostgreSQL's reverse() gives them (by code point). */
export function reversed(text: string): string {
  return Array.from(text).reverse().join('');
}

/** LIKE patterns treat % and _ as wildcards; a person's search text must not. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * Where an attribute's value is read from. `indexed`: documents aliased `d`, written as the
 * attribute's search indexes' expression (a whole type). Otherwise a person's own documents,
 * already found by its criteria: each document's value in a form no index matches, or, for an
 * attribute its criteria group fixes (`pinned`), that value itself — every document of the group
 * holds it, so the test is decided once for the group, before any document is read.
 */
interface ValueSource {
  indexed: boolean;
  pinned: Readonly<Record<string, string>>;
  /** A person's contains terms written with the indexes' expressions all the same (`termKey`, see `readRareTerms`). */
  indexedTerms?: readonly string[];
}

/** Whether a group fixes the attribute: its own key only (an attribute may be named `constructor`). */
const isPinned = (pinned: ValueSource['pinned'], attribute: string) => Object.hasOwn(pinned, attribute);

function valueOf(attribute: string, source: ValueSource): RawBuilder<string> {
  if (isPinned(source.pinned, attribute)) return sql<string>`lower(${source.pinned[attribute]}::text)`;
  if (source.indexed) return searchedValue(sql.ref('d.attributes'), attribute);
  return sql<string>`lower(${unindexedAttributeValue(sql.ref('d.attributes'), attribute)})`;
}

/** A value against the searched text by one operation, without regard to case (the value already lower-cased). */
export function valueMatches(
  value: RawBuilder<string>,
  operation: SearchOperation,
  text: string,
  options: { suffixIndex: boolean },
): RawBuilder<boolean> {
  const needle = escapeLike(text.toLowerCase());
  switch (operation) {
    case 'equal':
      return sql<boolean>`(${value} = ${text.toLowerCase()})`;
    case 'startsWith':
      return sql<boolean>`(${value} LIKE ${`${needle}%`})`;
    case 'endsWith':
      // Over a whole type, the value reversed starts with the text reversed: the suffix index's prefix range, not trigrams.
      return options.suffixIndex
        ? sql<boolean>`(reverse(${value}) LIKE ${`${escapeLike(reversed(text.toLowerCase()))}%`})`
        : sql<boolean>`(${value} LIKE ${`%${needle}`})`;
    case 'contains':
      return sql<boolean>`(${value} LIKE ${`%${needle}%`})`;
  }
}

/**
 * One attribute against the searched text, without regard to case: with the expressions of that
 * attribute's search indexes over a whole type (a prefix btree for equal and starts-with, the
 * same on the reversed value for ends-with, trigrams for contains).
 */
function attributeMatches(
  attribute: string,
  operation: SearchOperation,
  text: string,
  source: ValueSource,
  valuesNamed: string[] = [],
): RawBuilder<boolean> {
  const isIndexedTerm = operation === 'contains' && !!source.indexedTerms?.includes(termKey(attribute, text));
  const value = valueOf(attribute, isIndexedTerm ? { ...source, indexed: true } : source);
  const typed = valueMatches(value, operation, text, { suffixIndex: source.indexed && !isPinned(source.pinned, attribute) });
  if (valuesNamed.length === 0) return typed;
  // Values whose word in either language matched, as the equal search of each (the prefix index serves both).
  const named = sql.join(valuesNamed.map((named) => sql`${named.toLowerCase()}`));
  return sql<boolean>`(${typed} OR ${value} IN (${named}))`;
}

/**
 * A selection's search as SQL on documents aliased `d` (the scope is applied apart), in two sets:
 * `decided`, the terms over attributes the group's criteria fix (`pinned`), which read no document
 * (PostgreSQL tests them once, before reading any: a group whose value fails reads nothing, one
 * whose value passes reads its documents as an unsearched list does); `onDocuments`, every other
 * term, tested on each document.
 */
export function searchTerms(
  selection: SelectionAsRead,
  pinned: Readonly<Record<string, string>> = {},
): { decided: RawBuilder<boolean>[]; onDocuments: RawBuilder<boolean>[] } {
  // A whole type is searched through the attribute indexes; a USER's own documents are few, found by its criteria first.
  const source: ValueSource = { indexed: selection.scope.kind === 'all', pinned, indexedTerms: selection.indexedTerms };
  const fixed = (attribute: string) => isPinned(pinned, attribute);
  const decided: RawBuilder<boolean>[] = [];
  const onDocuments: RawBuilder<boolean>[] = [];
  const { quick, advanced, dateRange, text } = selection;
  if (quick) {
    const anyField = quick.fields.map((field) => attributeMatches(field, quick.operation, quick.text, source, quick.valuesNamed?.[field]));
    (quick.fields.every(fixed) ? decided : onDocuments).push(sql<boolean>`(${sql.join(anyField, sql` OR `)})`);
  }
  for (const term of advanced) {
    (fixed(term.attribute) ? decided : onDocuments).push(attributeMatches(term.attribute, 'contains', term.text, source, term.valuesNamed));
  }
  if (dateRange.from) onDocuments.push(sql<boolean>`(d.document_date >= ${dateRange.from}::date)`);
  if (dateRange.to) onDocuments.push(sql<boolean>`(d.document_date <= ${dateRange.to}::date)`);
  if (text) onDocuments.push(textCondition(selection, text));
  return { decided, onDocuments };
}

/** The text search as a condition on documents aliased `d`: among the matches listed, or tested document by document. */
function textCondition(selection: SelectionAsRead, text: string): RawBuilder<boolean> {
  if (selection.textMatchIds) return isAmongDocuments(selection.textMatchIds);
  if (selection.everyTextMatchId) return isAmongWalkedDocuments(selection.everyTextMatchId);
  return textMatches(selection.reportId, text);
}

export { pinnedBy } from '../../search/plan/search-shape.js';
