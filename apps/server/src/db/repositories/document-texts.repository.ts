import { sql, type Kysely } from 'kysely';
import type { Database, DocumentTextState } from '../types.js';
import type { AccessScope } from './document-access.repository.js';
import { keyedGroups } from './document-owner-keys.js';
import {
  areWordsCommon,
  FEW_OWNED_TEXT_MATCHES,
  FEW_TEXT_MATCHES,
  isPhrase,
  listsTypeOnRow,
  MONTHS_ASKED_AT_MOST,
  monthToken,
  monthsFrom,
  ownerTokens,
  readPassage,
  textMatchIds,
  textPassage,
  type PassagePart,
} from './document-text-search.js';

/** What reading a document's text needs: its file, and whether the text stored is already that file's, in its language. */
export interface TextSource {
  documentId: number;
  fileKey: string;
  contentHash: string | null;
  isTextCurrent: boolean;
}

/** The documents a text search found from the index: their ids when few (else null), and how many it saw at least. */
export interface TextMatches {
  ids: number[] | null;
  atLeast: number;
  /** Whether those it saw are all within the dates: none were given, or whole months asked of the index. */
  isWithinDates: boolean;
  /** It read every match, so `atLeast` is their number: fewer were found than it read up to. */
  isEveryMatch: boolean;
  /** Every match's id, when it read them all (to count them) though they are more than `ids` lists; else null. */
  everyId: number[] | null;
}

/** Inclusive ISO dates, either open. */
export interface DateBounds {
  from: string | null;
  to: string | null;
}

/** What listing a whole type's matches from the start of its date order found (see `firstMatchesByDate`). */
export interface FirstMatches {
  /**
   * The matches of the months listed whole from the start: all of them when `complete`, else those
   * of the first months that hold the page's; null when a month held more than can be listed.
   */
  ids: number[] | null;
  /** No month of the dates was left out: the ids are every match (those of months the dates cut into may be outside them). */
  complete: boolean;
  /** More matches than the listing of few lists were seen in months the dates do not cut into: the search has more than that. */
  isMany: boolean;
  /** Of the ids, those of months the dates do not cut into. */
  listedWhole: number;
  /** How many matches within the dates were seen at least: one past the listing of few once many were found, else those listed whole. */
  atLeast: number;
}

/** Text read from the file of that content hash. */
export interface ReadText {
  documentId: number;
  contentHash: string | null;
  content: string;
  /** What reading it came to; read when not said (an unreadable or too large file stores an empty text). */
  state?: DocumentTextState;
}

export type StoreOutcome =
  /** Stored, or put in place of the text of another file or language. */
  | 'stored'
  /** The document changed file, or is gone: the text is not its. */
  | 'outdated'
  /** More distinct words than PostgreSQL indexes for one document (a vector of 1 MB): store less of the text. */
  | 'tooLong';

/** PostgreSQL's "program limit exceeded": here, a text whose search vector would pass 1 MB. */
const PROGRAM_LIMIT_EXCEEDED = '54000';

const OPEN_DATES: DateBounds = { from: null, to: null };

const isLastDayOfMonth = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.getUTCDate() === 1;
};

/**
 * Listing a whole type's words from the start of its date order towards the proof that they are
 * many (see `firstMatchesByDate`), this many months are listed whatever the words' rate: the
 * month under way and the one before.
 */
const MONTHS_STEPPED_ANYWAY = 2;

/** The months of the next step from `next`: up to `size`, a month the dates cut into alone. */
function stepFrom(months: string[], next: number, size: number, cut: ReadonlySet<string | null>): string[] {
  if (cut.has(months[next]!)) return [months[next]!];
  const step: string[] = [];
  for (let index = next; index < months.length && step.length < size && !cut.has(months[index]!); index++) step.push(months[index]!);
  return step;
}

/** Whether document `d` has a text (`t`, left-joined) read from its current file, in its language. */
const textIsCurrent = sql<boolean>`(t.document_id IS NOT NULL AND t.content_hash IS NOT DISTINCT FROM d.content_hash AND t.language = d.language)`;

/**
 * `fewMatches`: how many documents a text search lists by id at most, over a whole type and over
 * owners (FEW_TEXT_MATCHES, FEW_OWNED_TEXT_MATCHES; tests lower them to take the other plan).
 */
export function createDocumentTextsRepository(db: Kysely<Database>, options: { fewMatches?: number } = {}) {
  const fewOf = (scope: AccessScope) => options.fewMatches ?? (scope.kind === 'all' ? FEW_TEXT_MATCHES : FEW_OWNED_TEXT_MATCHES);
  /**
   * Each text with the language and type of its document, only if the document still has the
   * file the text was read from; in place of any text stored before.
   */
  const upsert = (texts: ReadText[]) =>
    sql<{ document_id: number }>`
      INSERT INTO document_texts (document_id, report_id, language, content_hash, content, state)
      SELECT d.id, d.report_id, d.language, d.content_hash, r.content, r.state
        FROM unnest(${texts.map((text) => text.documentId)}::int[], ${texts.map((text) => text.contentHash)}::text[],
                    ${texts.map((text) => text.content)}::text[], ${texts.map((text) => text.state ?? 'read')}::text[])
               AS r(document_id, content_hash, content, state)
        JOIN documents d ON d.id = r.document_id AND d.content_hash IS NOT DISTINCT FROM r.content_hash
      ON CONFLICT (document_id) DO UPDATE
        SET report_id = excluded.report_id, language = excluded.language, content_hash = excluded.content_hash,
            content = excluded.content, state = excluded.state, extracted_at = now()
      RETURNING document_id`.execute(db);

  return {
    /** The document's file and whether its text is read already; undefined when the document is gone. */
    async findSource(documentId: number): Promise<TextSource | undefined> {
      const row = await db
        .selectFrom('documents as d')
        .leftJoin('document_texts as t', 't.document_id', 'd.id')
        .select(['d.id', 'd.file_key', 'd.content_hash', textIsCurrent.as('is_current')])
        .where('d.id', '=', documentId)
        .executeTakeFirst();
      return row && { documentId: row.id, fileKey: row.file_key, contentHash: row.content_hash, isTextCurrent: row.is_current };
    },

    /**
     * The next `limit` documents after `afterId`, in id order, and which of them have no text of
     * their current file in their language: a walk of the whole table by its key, a batch at a time.
     */
    async textsAfter(afterId: number, limit: number): Promise<{ lastId: number | null; checked: number; withoutText: number[] }> {
      const rows = await db
        .selectFrom('documents as d')
        .leftJoin('document_texts as t', 't.document_id', 'd.id')
        .select(['d.id', textIsCurrent.as('is_current')])
        .where('d.id', '>', afterId)
        .orderBy('d.id')
        .limit(limit)
        .execute();
      return {
        lastId: rows.at(-1)?.id ?? null,
        checked: rows.length,
        withoutText: rows.filter((row) => !row.is_current).map((row) => row.id),
      };
    },

    /** Stores one document's text, if the document still has the file it was read from. */
    async store(text: ReadText): Promise<StoreOutcome> {
      try {
        const { rows } = await upsert([text]);
        return rows.length > 0 ? 'stored' : 'outdated';
      } catch (error) {
        if ((error as { code?: unknown }).code === PROGRAM_LIMIT_EXCEEDED) return 'tooLong';
        throw error;
      }
    },

    /** Stores many documents' texts in one statement (a bulk load: the demo data set); how many were stored. */
    async storeMany(texts: ReadText[]): Promise<number> {
      if (texts.length === 0) return 0;
      return (await upsert(texts)).rows.length;
    },

    /** What the listing of few over this scope says it saw at least when it proves the words many, no count asked: one past those it lists. */
    manyProvenAt: (scope: AccessScope) => fewOf(scope) + 1,

    /** Whether each of the words is in at least this share of all texts, by the texts' statistics (see `areWordsCommon`). */
    areWordsInShare: (words: string, share: number) => areWordsCommon(db, words, share),

    /**
     * The ids of the documents whose text holds the words when they are few, found through the GIN
     * index: of the whole type, or of a restricted person's owners when the owner keys decide each
     * of its criteria groups (the index holds the owners beside the words); null when there are more,
     * or when the groups name attributes that identify no owner (those documents are tested one by one).
     * Within dates of a few months, only the texts of those months are listed: a superset of the
     * days, which the search tests on the documents. `atLeast`: how many it read, all of them or one
     * more than it lists; of the dates' days alone when they are whole months. `countUpTo`: read
     * on past the few it lists, up to that many, so that `atLeast` counts the matches (the count a
     * page would otherwise read again from the same index).
     */
    async fewMatches(
      reportId: number,
      words: string,
      scope: AccessScope,
      dates: DateBounds = OPEN_DATES,
      options: { countUpTo?: number } = {},
    ): Promise<TextMatches> {
      const groups = keyedGroups(scope);
      if (scope.kind === 'groups' && (!groups || groups.some((group) => Object.keys(group.rest).length > 0)))
        return { ids: null, atLeast: 0, isWithinDates: false, isEveryMatch: false, everyId: null };
      const owners = scope.kind === 'all' ? undefined : scope.groups.map((group) => ownerTokens(reportId, group, scope.ownerAttributes));
      const months = dates.from && dates.to ? monthsFrom(dates.from, dates.to) : [];
      const asked =
        months.length > 0 && months.length <= MONTHS_ASKED_AT_MOST ? months.map((month) => monthToken(reportId, month)) : undefined;
      const limit = fewOf(scope);
      const readUpTo = Math.max(limit + 1, options.countUpTo ?? 0);
      const typeOnRow = scope.kind === 'all' && !asked && (await listsTypeOnRow(reportId).execute(db)).rows[0]!.is_most;
      const wordsOnRow = scope.kind === 'groups' && isPhrase(words) && (await areWordsCommon(db, words));
      const { rows } = await textMatchIds(reportId, words, readUpTo, owners, asked, { typeOnRow, wordsOnRow }).execute(db);
      const isWithinDates =
        (!dates.from && !dates.to) || (asked !== undefined && dates.from!.endsWith('-01') && isLastDayOfMonth(dates.to!));
      const read = rows.map((row) => row.document_id);
      const isEveryMatch = rows.length < readUpTo;
      const ids = rows.length > limit ? null : read;
      return { ids, atLeast: rows.length, isWithinDates, isEveryMatch, everyId: isEveryMatch && !ids ? read : null };
    },

    /**
     * A whole type's documents whose text holds the words, listed from the start of a list in date
     * order (the newest months first when descending). The months the dates cut into are steps of
     * their own and count for nothing below: some of their matches may be outside the dates. A
     * phrase is never listed so (null): each of its matches is checked against its vector
     * (measured at ten million documents: a phrase in every document took 4.3 s by months against
     * 90 ms along the list).
     *
     * Until the search is known to have many matches (`isMany` given, or found), the months are
     * listed one at a time, each up to one past the listing of few with what was listed before:
     * reaching it proves more than that many, from the list's first months alone. A common word
     * is proven so by a month or two, where listing it over the whole type read 10,001 of its
     * vectors or a bitmap of every match (at ten million documents a month holds 83,000
     * documents; one year of a word in every document took 795 ms). One month at a time because a
     * step's read of the index is every entry of its months, whatever the limit: a step of eight
     * months of a word in every document would read 660,000. The first two months are listed
     * whatever they find (the first is often the month under way, which holds few documents yet);
     * past them, words too sparse for the next two months to reach the proof at the last one's
     * rate stop there, `isMany` false and not `complete`: the whole type's index lists or proves
     * them at less cost than months would (a month asked costs a millisecond or two even when it
     * holds none of the words). A type whose first months hold few documents (a few recent ones
     * after years of older ones) is listed so too, as before.
     *
     * Once many, the steps go on until the months listed whole hold `need` matches, for the page
     * (walking the date order tested thousands of documents' vectors for a page of a word in
     * 1.3 % of them): twice as many months each time, fewer again when a step finds more than the
     * listing of few would list; `ids` null when a single month holds more than that, or when the
     * page ends past FEW_TEXT_MATCHES.
     */
    async firstMatchesByDate(
      reportId: number,
      words: string,
      options: DateBounds & { direction: 'asc' | 'desc'; need: number; isMany?: boolean },
    ): Promise<FirstMatches | null> {
      if (isPhrase(words)) return null;
      const limit = fewOf({ kind: 'all' });
      const span = await db
        .selectFrom('documents')
        .select([sql<string | null>`min(document_date)::text`.as('oldest'), sql<string | null>`max(document_date)::text`.as('newest')])
        .where('report_id', '=', reportId)
        .executeTakeFirstOrThrow();
      const none = { ids: [], complete: true, isMany: false, listedWhole: 0, atLeast: 0 };
      if (!span.oldest || !span.newest) return none;
      const from = options.from && options.from > span.oldest ? options.from : span.oldest;
      const to = options.to && options.to < span.newest ? options.to : span.newest;
      if (from > to) return none;
      const months = monthsFrom(from, to);
      // A month the dates asked cut into may hold matches outside them (the type's own first and last dates cut nothing).
      const cut = new Set([
        from === options.from && !from.endsWith('-01') ? from.slice(0, 7) : null,
        to === options.to && !isLastDayOfMonth(to) ? to.slice(0, 7) : null,
      ]);
      if (options.direction === 'desc') months.reverse();
      const ids: number[] = [];
      let [listedWhole, next, size, overflowed, isMany] = [0, 0, 1, false, options.isMany ?? false];
      // The last step of whole months: its matches a month.
      let lastRate = 0;
      // The first steps that hold `need` matches: the page's (the proof may have listed more).
      let holdingPage: { length: number; listedWhole: number } | null = null;
      const found = (listed: number[] | null): FirstMatches => {
        const complete = next >= months.length;
        const atLeast = isMany ? Math.max(listedWhole, limit + 1) : listedWhole;
        // Every month listed: every match. Else the page's months alone, which the page's statement reads.
        if (!listed || complete || !holdingPage) return { ids: listed, complete, isMany, listedWhole, atLeast };
        return { ids: listed.slice(0, holdingPage.length), complete, isMany, listedWhole: holdingPage.listedWhole, atLeast };
      };
      while (next < months.length && !(isMany && listedWhole >= options.need)) {
        // A deep page: the steps would list more documents than there are on the pages before it.
        if (isMany && options.need > FEW_TEXT_MATCHES) return found(null);
        // Too sparse: the next two months would not reach the proof at the last one's rate.
        if (!isMany && next >= MONTHS_STEPPED_ANYWAY && listedWhole + lastRate * 2 <= limit) break;
        const step = stepFrom(months, next, size, cut);
        const isCut = cut.has(step[0]!);
        // Towards the proof, the step holds what is left of it; once many (or a cut month), a step is listed whole or not at all.
        const stepLimit = isMany || isCut ? limit + 1 : limit + 1 - listedWhole;
        const { rows } = await textMatchIds(
          reportId,
          words,
          stepLimit,
          undefined,
          step.map((month) => monthToken(reportId, month)),
        ).execute(db);
        if (rows.length >= stepLimit) {
          if (!isMany && !isCut) {
            isMany = true;
            // A single month the proof cut short is listed again, whole if it can be.
            if (step.length === 1 && stepLimit <= limit) continue;
          }
          if (step.length === 1) return found(null);
          size = Math.ceil(step.length / 2);
          overflowed = true;
          continue;
        }
        ids.push(...rows.map((row) => row.document_id));
        if (!isCut) [listedWhole, lastRate] = [listedWhole + rows.length, rows.length / step.length];
        if (!holdingPage && listedWhole >= options.need) holdingPage = { length: ids.length, listedWhole };
        next += step.length;
        // Towards the proof, a month at a time: a step's index read is its months' every entry, whatever the limit.
        // Once a step held too many, the months are that dense: growing again would only overflow again.
        size = !isMany || overflowed ? step.length : step.length * 2;
      }
      return found(ids);
    },

    /**
     * For each of these documents of the type (rows a search already found within the person's
     * access), a passage of its text around the words.
     */
    async passages(reportId: number, documentIds: number[], words: string): Promise<Map<number, PassagePart[]>> {
      if (documentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('document_texts as t')
        .select(['t.document_id', textPassage(words).as('passage')])
        .where('t.document_id', 'in', documentIds)
        .where('t.report_id', '=', reportId)
        .execute();
      return new Map(rows.map((row) => [row.document_id, readPassage(row.passage)]));
    },
  };
}
export type DocumentTextsRepository = ReturnType<typeof createDocumentTextsRepository>;
