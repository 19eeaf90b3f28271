import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { isIndexableAttributeName } from './attribute-value.js';
import { searchIndexNames } from './search/document-indexes.js';
import type { DocumentSelection } from './document-search.js';

/**
 * A trigram is rare in an attribute when at most this share of its values hold it, by PostgreSQL's
 * statistics of the attribute's trigram index (a hundred values of its histogram and its commonest
 * ones): one value in a hundred of those read.
 */
const RARE_TRIGRAM_SHARE = 0.015;

/** A contains term of an attribute, as a search read with rare terms names it (`indexedTerms`). */
export const termKey = (attribute: string, text: string) => `${attribute}\u001f${text.toLowerCase()}`;

/**
 * The contains terms of a restricted person's search (quick or advanced) to be written with the
 * whole type's index expressions (the plan's `indexedTerms`), so that PostgreSQL may intersect the trigram
 * index's few matches with the person's owners rather than read each of the owners' documents: when
 * every trigram of the term is rare in the attribute's values. A term of letters and digits alone,
 * three of them at least: a contains search of it asks the trigram index for its own trigrams and
 * no word boundary's. At ten million documents, two owners' 20,000 documents searched for "123" in
 * the closing balance (20 matches) were read from the operating system's cache, 104 ms, where the
 * intersection took 17. A term of a common trigram stays on the person's rows: PostgreSQL does not
 * know a trigram's frequency, and a probe of one held by every document (an account number's "000")
 * decoded ten million index entries (0.8 s). Without statistics (a table never analysed), none.
 */
export async function readRareTerms(db: Kysely<Database>, selection: DocumentSelection): Promise<string[]> {
  const { scope } = selection;
  if (scope.kind !== 'groups') return [];
  // An attribute every group fixes is decided by the groups' values, before any document is read.
  const isFixed = (attribute: string) => scope.groups.every((group) => Object.hasOwn(group, attribute));
  const quick = selection.quick?.operation === 'contains' ? selection.quick.fields.map((field) => [field, selection.quick!.text]) : [];
  const terms = [...quick, ...selection.advanced.map((term) => [term.attribute, term.text])].filter(
    ([attribute, text]) => isIndexableAttributeName(attribute!) && !isFixed(attribute!) && /^[a-z0-9]{3,}$/.test(text!.toLowerCase()),
  ) as [string, string][];
  if (terms.length === 0) return [];
  const { rows } = await sql<{ key: string }>`
    SELECT c.key FROM unnest(${terms.map(([attribute, text]) => termKey(attribute, text))}::text[],
                             ${terms.map(([attribute]) => searchIndexNames(attribute).trigrams)}::text[],
                             ${terms.map(([, text]) => text.toLowerCase())}::text[]) AS c(key, index_name, text)
      JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = c.index_name
     WHERE s.histogram_bounds IS NOT NULL
       AND NOT EXISTS (
         SELECT 1 FROM generate_series(1, length(c.text) - 2) AS i(at), LATERAL (SELECT substr(c.text, i.at, 3) AS trigram) AS g
          WHERE coalesce((SELECT sum(f.share) FROM unnest(s.most_common_vals::text::text[], s.most_common_freqs) AS f(value, share)
                           WHERE strpos(f.value, g.trigram) > 0), 0)
                + (1 - s.null_frac - coalesce((SELECT sum(share) FROM unnest(s.most_common_freqs) AS share), 0))
                  * (SELECT count(*) FILTER (WHERE strpos(b.value, g.trigram) > 0)::float8 / count(*)
                       FROM unnest(s.histogram_bounds::text::text[]) AS b(value))
                >= ${RARE_TRIGRAM_SHARE})`.execute(db);
  return rows.map((row) => row.key);
}
