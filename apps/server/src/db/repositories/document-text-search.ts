import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../types.js';

/**
 * Searching the text read from documents (table document_texts, whose search vector is built in
 * the document's language). The searched words are parsed by websearch_to_tsquery (quotes for
 * a phrase, `or`, `-` to leave a word out; any input is accepted) in both configurations, French
 * and English stemming once accents are dropped, and a document matches when its vector holds
 * the words as either language stems them. Whatever language the person searching uses, French
 * documents are found by French words and English ones by English words; and the condition is
 * one test of the (report_id, search) GIN index, which needs no row read to decide (a condition
 * per language would read every candidate's vector again to check its language).
 *
 * A replaced document's text is deleted with its former file (see the ingestion upsert), so
 * whatever text is stored is its current file's.
 */
const CONFIGURATIONS = { fr: 'portal_fr', en: 'portal_en' } as const;

/** The words as one query of both languages; a constant of the statement, so the GIN index serves it. */
const queryOf = (words: string) =>
  sql`(websearch_to_tsquery(${sql.lit(CONFIGURATIONS.fr)}::regconfig, ${words}) || websearch_to_tsquery(${sql.lit(CONFIGURATIONS.en)}::regconfig, ${words}))`;

export { isPhrase } from '../../search/plan/search-shape.js';
export { RANKED_MATCHES_AT_MOST } from '../../search/plan/search-limits.js';

/** Up to this many documents of a whole type a text search finds are listed by id, and the list starts from them. */
export const FEW_TEXT_MATCHES = 10_000;
/**
 * The same for the documents of a restricted person's owners, who hold thousands: walking such an
 * owner's 10,000 documents for a page of 25 tests about 25 × 10,000 / matches of them, listing the
 * matches reads each one, so past about a thousand matches the walk is the cheaper.
 */
export const FEW_OWNED_TEXT_MATCHES = 1_000;
/**
 * A date range's months are asked of the text index when they are at most this many: each month
 * asked reads that month's entries of the index, so past a few years the range's own dates, tested
 * on the documents, narrow the search at less cost than the months would.
 */
export const MONTHS_ASKED_AT_MOST = 36;

/**
 * Documents aliased `d` whose text holds the words, tested document by document: the plan for
 * words found in many documents, where walking the list's own order finds a page's worth soon.
 */
export function textMatches(reportId: number, words: string): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM document_texts t WHERE t.document_id = d.id AND t.report_id = ${reportId} AND t.search @@ ${queryOf(words)})`;
}

/** An owner's token in the texts' `owners` (migration 021): the type, the attribute's name and its value, apart by unit separators. */
export function ownerToken(reportId: number, name: string, value: string): string {
  return `${reportId}\u001f${name}\u001f${value}`;
}

/** A criteria group's owners as tokens: its attributes that identify owners, with their values. */
export function ownerTokens(reportId: number, group: Readonly<Record<string, string>>, ownerAttributes: readonly string[] = []): string[] {
  return Object.keys(group)
    .filter((name) => ownerAttributes.includes(name))
    .map((name) => ownerToken(reportId, name, group[name]!));
}

/** A month's token in the texts' `months` (migration 022): the type and the month (`YYYY-MM`), apart by a unit separator. */
export function monthToken(reportId: number, month: string): string {
  return `${reportId}\u001f${month}`;
}

/** The months (`YYYY-MM`) from the one of the date `from` to the one of `to`, in order; ISO dates. */
export function monthsFrom(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (let current = from.slice(0, 7); current <= last; current = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(current);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/**
 * Texts (aliased `t`) of the type that hold the words, of documents belonging to every one of
 * these owners' tokens (any owner when none), of one of these months' tokens when given: one walk
 * of the (report_id, owners, months, search) index. `typeOnRow`: the type is tested on each text
 * the words find rather than asked of the index (see `listsTypeOnRow`).
 */
const textsHolding = (
  reportId: number,
  words: string,
  tokens: readonly string[] = [],
  months?: readonly string[],
  { typeOnRow = false, wordsOnRow = false } = {},
) => {
  const within = [
    ...(tokens.length > 0 ? [sql`t.owners @> ${tokens}::text[]`] : []),
    ...(months ? [sql`t.months && ${months}::text[]`] : []),
  ];
  // The tokens name the type: the type's own entries (every text of it) would only slow the walk.
  // An expression of the column is not the index's column: the planner tests it on the row.
  const ofType = typeOnRow ? sql`t.report_id + 0 = ${reportId}` : sql`t.report_id = ${reportId}`;
  // The function behind @@ is no operator of the index: the words are tested on each row the tokens find.
  const holding = wordsOnRow ? sql`ts_match_vq(t.search, ${queryOf(words)})` : sql`t.search @@ ${queryOf(words)}`;
  return sql`${within.length > 0 ? sql.join(within, sql` AND `) : ofType} AND ${holding}`;
};

/** Words in at least this share of all texts are common: see `areWordsCommon`. */
const COMMON_WORDS_SHARE = 0.5;

/**
 * Whether, by PostgreSQL's statistics of the texts (their thousand commonest words), every word of
 * the search is in at least half of all texts (or `share` of them), as either language stems them.
 * A restricted person's phrase of such words is then listed from its owners' entries alone, each text's phrase
 * checked on its row (see `fewMatches`): intersecting an owner's entries with a word in every
 * text decodes all of that word's (at ten million documents, 71 of the 80 ms the listing of a
 * phrase in every one of an owner's documents took), while every text holding the words must have
 * its vector read for the phrase anyway; and a restricted person's such words sorted by relevance
 * are ranked along the list (plan `rankedAlongList`, docs/decisions/030-search-plans.md). Without statistics (a
 * table never analysed), never.
 */
export async function areWordsCommon(db: Kysely<Database>, words: string, share = COMMON_WORDS_SHARE): Promise<boolean> {
  const { rows } = await sql<{ is_common: boolean }>`
    SELECT coalesce(bool_or(language.is_common), false) AS is_common
      FROM (SELECT bool_and(coalesce(common.share, 0) >= ${share}) AS is_common
              FROM unnest(ARRAY[${sql.lit(CONFIGURATIONS.fr)}, ${sql.lit(CONFIGURATIONS.en)}]::regconfig[]) AS c(configuration)
             CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(c.configuration, ${words}))) AS w(lexeme)
              LEFT JOIN (SELECT e.lexeme, e.share
                           FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(lexeme, share)
                          WHERE s.schemaname = current_schema() AND s.tablename = 'document_texts' AND s.attname = 'search') AS common
                ON common.lexeme = w.lexeme
             GROUP BY c.configuration) AS language`.execute(db);
  return rows[0]!.is_common;
}

/**
 * Whether a whole type's texts are better found by their words alone, each found text's type
 * tested on its row: when the type holds at least half of all documents. The index's entry for a
 * type lists every text of it, and intersecting it with a common word's decodes all of them (at
 * ten million documents, 49 of the 71 ms a word in 1.3 % of them took to list 10,001; by the
 * word's own entry, a hundredth of that, 18 of 39); the rows are read anyway. A type beside larger ones
 * keeps its entry: its words alone would read the larger types' texts holding them.
 */
export const listsTypeOnRow = (reportId: number) =>
  sql<{ is_most: boolean }>`
    SELECT coalesce((SELECT document_count FROM report_document_counts WHERE report_id = ${reportId}), 0) * 2
           >= coalesce((SELECT sum(document_count) FROM report_document_counts), 0) AS is_most`;

/** Whose texts a count reads: an owner's tokens (none: the whole type) with the terms its own values decide. */
export interface CountedOwner {
  tokens: string[];
  decided: RawBuilder<boolean>[];
}

/**
 * How many documents hold the words, up to `limit`, as a scalar subquery: of these owners, or of
 * the whole type. A bitmap scan of the GIN index, which reads one text row per match and no
 * document, where testing documents one by one read each one's row and vector. (PostgreSQL's minor
 * releases no longer skip all-visible table pages in bitmap scans, so the rows are still read.)
 */
export function textMatchCount(
  reportId: number,
  words: string,
  limit: number,
  owners: CountedOwner[] = [{ tokens: [], decided: [] }],
): RawBuilder<number> {
  const each = owners.map(({ tokens, decided }) => sql`(${sql.join([textsHolding(reportId, words, tokens), ...decided], sql` AND `)})`);
  return sql<number>`(SELECT count(*)::int FROM (SELECT FROM document_texts t WHERE ${sql.join(each, sql` OR `)} LIMIT ${limit}) AS matching)`;
}

/**
 * Documents aliased `d` among those a text search listed: the plan for words found in few
 * documents, which the planner cannot tell from words found in many (its statistics know the
 * commonest words only), and which walking the list's order would look for through the whole type.
 */
export function isAmongDocuments(documentIds: number[]): RawBuilder<boolean> {
  return sql<boolean>`(d.id = ANY(${documentIds}::int[]))`;
}

/**
 * Documents aliased `d` among every match of a text search, tested on each document the list's
 * order walks: the plan for matches too many to read by id (a restricted person's 10,000), all
 * of them read already to be counted. An expression of the id is no column of an index, so the
 * list is walked as it would be for the words, each document tested against the ids (hashed, as
 * PostgreSQL does a long list it is given when planning) instead of having its text's vector read
 * from the TOAST storage: at ten million documents, the first 1,001 matches to rank took 23 to 33 ms so.
 * The test is a subquery's value: as a condition of its own, PostgreSQL estimated how many rows
 * it keeps one listed id at a time (9 ms of planning for 10,000 ids, against 2 so; the list is
 * hashed either way).
 */
export function isAmongWalkedDocuments(documentIds: number[]): RawBuilder<boolean> {
  return sql<boolean>`(SELECT (d.id + 0) = ANY(${documentIds}::int[]))`;
}

/**
 * The ids of the type's documents whose text holds the words, of any of these owners (their
 * tokens; none: the whole type, its type tested on the row with `typeOnRow`), of one of these
 * months' tokens when given, at most `limit`. `wordsOnRow`: the index is asked for the owners
 * alone, and each of their texts is tested for the words.
 */
export function textMatchIds(
  reportId: number,
  words: string,
  limit: number,
  owners: string[][] = [[]],
  months?: string[],
  onRow: { typeOnRow?: boolean; wordsOnRow?: boolean } = {},
) {
  const each = owners.map((tokens) => sql`(${textsHolding(reportId, words, tokens, months, onRow)})`);
  const matching = sql`SELECT t.document_id FROM document_texts t WHERE ${sql.join(each, sql` OR `)}`;
  if (!months) return sql<{ document_id: number }>`${matching} LIMIT ${limit}`;
  // Planned without the limit, the months' texts are read from the index and the limit stops the
  // read: with it, a common word's months were read in table order, every month's rows tested and
  // each match's vector read from the TOAST storage (at a million documents a year of a word in
  // every document: 660 ms, against 43 ms for ten months from the index).
  return sql<{ document_id: number }>`WITH matching AS MATERIALIZED (${matching}) SELECT document_id FROM matching LIMIT ${limit}`;
}

/** How well the text of the document aliased `d` matches the words: cover density, so words found close together rank higher. */
export function textRank(words: string): RawBuilder<number> {
  return sql<number>`(SELECT ts_rank_cd(t.search, ${queryOf(words)}) FROM document_texts t WHERE t.document_id = d.id)`;
}

/**
 * The rank of the text of the document `documentId` names (an outer column) when it holds the
 * words, as a lateral subquery: no row when it does not. Its vector is read from the TOAST storage
 * by the test, and found in shared buffers by the ranking. OFFSET 0 keeps it a subquery run for
 * each document walked, so that a walk stops at its limit: flattened into a join, every document
 * of the walk could be tested before the first is kept.
 */
export function rankIfHolding(reportId: number, words: string, documentId: RawBuilder<number>): RawBuilder<{ rank: number }> {
  return sql`SELECT ts_rank_cd(t.search, ${queryOf(words)}) AS rank FROM document_texts t
              WHERE t.document_id = ${documentId} AND t.report_id = ${reportId} AND t.search @@ ${queryOf(words)} OFFSET 0`;
}

/** The words found, in a passage, are between these two characters, which stored text never holds. */
const PASSAGE_MARKS = { start: '\u0002', stop: '\u0003' } as const;
/** A passage is taken from this much of the text at most, so a huge document's passage costs what a short one's does. */
export const PASSAGE_SOURCE_CHARACTERS = 100_000;
/**
 * A long text has its passage read from this much of it, around the first place one of the words
 * appears. ts_headline parses and stems every word it is given, about 0.15 µs a character (a page
 * of 25 documents of 15,000 characters: 40 to 50 ms), while finding where a word starts is a plain
 * search of the text, about 0.02 µs a character even unaccented.
 */
export const PASSAGE_WINDOW_CHARACTERS = 1_500;
/**
 * A text of at most this many bytes (so at most as many characters) is read whole: finding a place
 * and reading a window costs about what reading 3,000 characters does.
 */
export const PASSAGE_WHOLE_TEXT_BYTES = 2 * PASSAGE_WINDOW_CHARACTERS;
/** The window starts this far before the word found, so that a passage can show what leads to it. */
const PASSAGE_LEAD_CHARACTERS = 150;
const HEADLINE_OPTIONS = [
  `StartSel=${PASSAGE_MARKS.start}`,
  `StopSel=${PASSAGE_MARKS.stop}`,
  'MaxWords=20',
  'MinWords=8',
  'ShortWord=2',
  'MaxFragments=2',
  'FragmentDelimiter=" … "',
].join(', ');

/** What a passage is read from at most: the text's first 100,000 characters. */
const source = sql`left(t.content, ${sql.lit(PASSAGE_SOURCE_CHARACTERS)})`;

/**
 * The beginnings of the searched words as written in a text: their stems in both languages, less a
 * closing "i" (English stems "company" as "compani"), two characters at least. A stem is otherwise
 * the start of the words it stands for, once lowered and, for the accents a stem drops, unaccented.
 */
const wordStarts = (words: string) =>
  sql`ARRAY(SELECT DISTINCT rtrim(lexeme, 'i') FROM unnest(tsvector_to_array(to_tsvector(${sql.lit(CONFIGURATIONS.fr)}::regconfig, ${words}) || to_tsvector(${sql.lit(CONFIGURATIONS.en)}::regconfig, ${words}))) AS lexeme WHERE length(rtrim(lexeme, 'i')) >= 2)`;

/**
 * The searched words as typed, lowered, three characters at least: a French word typed with its
 * accents ("échéance") is in the text as it is, where its stem ("echeanc") is only once unaccented.
 */
const typedWords = (words: string) =>
  sql`ARRAY(SELECT DISTINCT word FROM regexp_split_to_table(lower(${words}), '[^[:alnum:]]+') AS word WHERE length(word) >= 3)`;

/** Where the first of these word beginnings appears in `folded` (a text as it is, or lowered and unaccented), or null. */
const firstOf = (starts: RawBuilder<unknown>, folded: RawBuilder<unknown>) =>
  sql`(SELECT min(nullif(strpos(f.folded, s.word_start), 0)) FROM (SELECT ${folded} AS folded OFFSET 0) f, unnest(${starts}) AS s(word_start))`;

/**
 * A passage of the text row aliased `t` around the words, read in its language, with the words found
 * between the marks.
 *
 * A long text's passage comes from a window of it around the first place a word's beginning appears,
 * cut to whole words. The beginnings are sought, with the words as typed, in the text as it is (a
 * word of the running text is found at the cost of reading it); when none is there as written, in
 * the text lowered and unaccented, which costs eight times that and may shift a place by the odd
 * ligature. When the window shows no word found (a beginning that was part of another word, a stem
 * that does not start its words), the passage is read from the text's first 100,000 characters as
 * it always was, so no passage loses its words to the window.
 */
export function textPassage(words: string): RawBuilder<string> {
  const starts = wordStarts(words);
  const asWritten = sql`(${starts} || ${typedWords(words)})`;
  const firstWord = sql`coalesce(${firstOf(asWritten, source)}, ${firstOf(starts, sql`unaccent(lower(${source}))`)})`;
  const size = sql.lit(PASSAGE_WINDOW_CHARACTERS);
  // The window's first and last words are dropped when the window cuts into them. Each step is a
  // subquery of its own (OFFSET 0): flattened, every mention of a step's value repeated its work.
  const window = sql`regexp_replace(regexp_replace(w.cut, CASE WHEN w.start_at > 1 THEN '^\\S*\\s' ELSE '^$' END, ''),
      CASE WHEN length(w.cut) = ${size} THEN '\\s\\S*$' ELSE '^$' END, '')`;
  const fromWindow = sql`(SELECT p.passage FROM (
      SELECT ${headlineOf(words, window)} AS passage FROM (
        SELECT s.start_at, substr(t.content, s.start_at, ${size}) AS cut FROM (
          SELECT greatest(1, a.first_at - ${sql.lit(PASSAGE_LEAD_CHARACTERS)}) AS start_at FROM (SELECT ${firstWord} AS first_at OFFSET 0) a
          WHERE a.first_at IS NOT NULL OFFSET 0) s
        OFFSET 0) w
      OFFSET 0) p
    WHERE strpos(p.passage, ${sql.lit(PASSAGE_MARKS.start)}) > 0)`;
  return sql<string>`CASE WHEN octet_length(t.content) <= ${sql.lit(PASSAGE_WHOLE_TEXT_BYTES)} THEN ${passageFromTextStart(words)}
    ELSE coalesce(${fromWindow}, ${passageFromTextStart(words)}) END`;
}

/** The text row aliased `t`'s passage, in its language, around the words as `text` shows them. */
function headlineOf(words: string, text: RawBuilder<unknown>): RawBuilder<string> {
  const configuration = sql`(CASE WHEN t.language = 'fr' THEN ${sql.lit(CONFIGURATIONS.fr)} ELSE ${sql.lit(CONFIGURATIONS.en)} END)::regconfig`;
  return sql<string>`ts_headline(${configuration}, ${text}, ${queryOf(words)}, ${HEADLINE_OPTIONS})`;
}

/** The passage of the text row aliased `t` read from its first 100,000 characters: a short text's, and a long one's when its window fails. */
export function passageFromTextStart(words: string): RawBuilder<string> {
  return headlineOf(words, source);
}

/** A piece of a passage; the words the search found are matches. */
export interface PassagePart {
  text: string;
  isMatch: boolean;
}

/** A marked passage as its pieces, its runs of white space (line breaks included) as single spaces. */
export function readPassage(marked: string): PassagePart[] {
  return marked
    .replace(/\s+/g, ' ')
    .trim()
    .split(new RegExp(`[${PASSAGE_MARKS.start}${PASSAGE_MARKS.stop}]`))
    .map((text, index) => ({ text, isMatch: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
