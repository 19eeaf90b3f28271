import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DocumentSearch, DocumentSelection } from '../../../search/document-search.js';
import { planSearch } from '../../../search/plan/plan-search.js';
import { EXACT_COUNT_LIMIT, FIRST_MONTHS_FROM_MATCHES, RANKED_MATCHES_AT_MOST } from '../../../search/plan/search-limits.js';
import type { SearchFacts, SearchLimits, SearchPlan, SearchPlanKind, TextStart } from '../../../search/plan/search-plan.js';
import type { Database } from '../../types.js';
import type { PassagePart } from '../document-text-search.js';
import type { DocumentTextsRepository } from '../document-texts.repository.js';
import { pageOfFewMatches, pageOfFirstMonths, type PageReading } from './filtered-pages.js';
import { createPageRows, type ListPage } from './page-rows.js';
import { pagePastRanked, pageRankedAlongList, pageRankedFirstMatches, pageRankedFirstOfList } from './ranked-pages.js';
import { isSameStart, readSearchFacts, readSelection, readTextStart } from './search-facts.js';
import { createSearchStatements, ROWS_READ } from './search-statements.js';

/** A page as a person's search found it, with how it was read. */
export interface SearchAnswer {
  page: ListPage;
  /** With a text search: each row's passage around the words. */
  passages: Map<number, PassagePart[]> | null;
  /** The way that read the page. */
  plan: SearchPlanKind;
  /** Every way followed, in order, the last the one that read the page (a plan's `otherwise`, or the listing of words before it). */
  path: SearchPlanKind[];
}

/** A page read by a plan, or, when its way led to listing the words first, the ways followed up to that. */
type Followed = { page: ListPage; path: SearchPlanKind[] } | { listFirst: true; path: SearchPlanKind[] };

/** A plan that reads a page (the listing of words is followed by the runner itself). */
type PagePlan = Exclude<SearchPlan, { kind: 'listTextMatchesFirst' }>;

/**
 * `rankedAtMost`, `fewMatchesAtMost`, `firstMonthsFromMatches`: the planner's limits (see
 * `SearchLimits`; tests lower them to take other ways); `readsOwnerValues: false` keeps a whole
 * type's searches on the documents' own indexes (tests compare both); `ranksAlongList: false`
 * reads no word statistics, so that words are always listed first (the bench compares both).
 */
export interface RunnerOptions {
  readsOwnerValues?: boolean;
  ranksAlongList?: boolean;
  rankedAtMost?: number;
  fewMatchesAtMost?: number;
  firstMonthsFromMatches?: number;
}

/** What following a plan reads with, and the limits it was planned by. */
interface RunnerContext {
  reading: PageReading;
  limits: SearchLimits;
}

/** A page by one of the plans whose reading cannot prove them wrong; `counted`: the count a plan before it read already. */
async function readPage(
  context: RunnerContext,
  plan: Exclude<PagePlan, { kind: 'rankedAlongList' | 'fewMatches' }>,
  counted?: RawBuilder<number>,
) {
  const { reading, limits } = context;
  const { statements, rows } = reading;
  const { search } = plan;
  const oldest = statements.oldestDate(search.reportId, plan.oldestOf);
  const summed = { total: counted ?? statements.matchingCount(search), oldest };
  switch (plan.kind) {
    case 'pastRanked':
      return pagePastRanked(reading, search, summed);
    case 'rankedFirstMatches':
      return pageRankedFirstMatches(reading, plan.search, summed);
    case 'rankedFirstOfList':
      return pageRankedFirstOfList(reading, search, summed);
    case 'firstMonths': {
      const found = await pageOfFirstMonths(reading, search, summed, limits.firstMonthsFromMatches);
      return rows.listPage(search, found.rows, await rows.summaryOf(found.rows, { total: found.total, oldest }));
    }
    case 'listedTextMatches': {
      const found = await rows.pageRows(search, { ...summed, total: ROWS_READ });
      return rows.listPage(search, found, await rows.summaryOf(found, summed));
    }
    case 'alongList':
    case 'mergedParts': {
      const found = await rows.pageRows(search, summed);
      return rows.listPage(search, found, await rows.summaryOf(found, summed));
    }
  }
}

/** Follows a plan, and its `otherwise` when what it reads proves it the wrong way. */
async function follow(
  context: RunnerContext,
  plan: SearchPlan,
  path: SearchPlanKind[] = [],
  counted?: RawBuilder<number>,
): Promise<Followed> {
  const { reading } = context;
  const { statements, rows } = reading;
  const followed = [...path, plan.kind];
  switch (plan.kind) {
    case 'listTextMatchesFirst':
      return { listFirst: true, path: followed };
    case 'rankedAlongList': {
      const page = await pageRankedAlongList(reading, plan);
      return page ? { page, path: followed } : follow(context, plan.otherwise, followed);
    }
    case 'fewMatches': {
      const oldest = statements.oldestDate(plan.search.reportId, plan.oldestOf);
      const few = await pageOfFewMatches(reading, plan.search, oldest, plan.readAtMost);
      if (few.rows) return { page: rows.listPage(plan.search, few.rows, few.summary), path: followed };
      // Matches past the count's bound were counted already: the page alone is found along the list.
      const isCounted = few.summary.matching > EXACT_COUNT_LIMIT;
      return follow(context, plan.otherwise, followed, isCounted ? sql<number>`${sql.lit(few.summary.matching)}::int` : undefined);
    }
    default:
      return { page: await readPage(context, plan, counted), path: followed };
  }
}

/** Reads the facts of a search, plans it and follows its plan: the one place a page of documents is read. */
export function createPlanRunner(db: Kysely<Database>, options: RunnerOptions = {}) {
  const limits: SearchLimits = {
    rankedAtMost: options.rankedAtMost ?? RANKED_MATCHES_AT_MOST,
    fewMatchesAtMost: options.fewMatchesAtMost ?? EXACT_COUNT_LIMIT,
    firstMonthsFromMatches: options.firstMonthsFromMatches ?? FIRST_MONTHS_FROM_MATCHES,
  };
  const factsOptions = { ...options, rankedAtMost: limits.rankedAtMost };
  const statements = createSearchStatements(db);
  const reading: PageReading = { db, statements, rows: createPageRows(db, statements), rankedAtMost: limits.rankedAtMost };
  const context: RunnerContext = { reading, limits };

  /** A page read from facts whose words' matches are listed already, if any (never `listTextMatchesFirst`). */
  async function pageFromFacts(asked: DocumentSearch, facts: SearchFacts) {
    const followed = await follow(context, planSearch(asked, facts, limits));
    if ('listFirst' in followed) throw new Error('A search whose words were listed is not listed again');
    return { page: followed.page, plan: followed.path.at(-1)!, path: followed.path };
  }

  /**
   * A person's search: its facts read, planned, followed; its words' matches listed when the plan
   * asks for it, the page of the start the listing most likely finds read meanwhile (its answer is
   * kept when the listing confirms that start), then planned again from what it found.
   */
  async function answer(asked: DocumentSearch, facts: SearchFacts, texts: DocumentTextsRepository): Promise<SearchAnswer> {
    const followed = await follow(context, planSearch(asked, facts, limits));
    if (!('listFirst' in followed)) {
      const passages = asked.text
        ? await texts.passages(
            asked.reportId,
            followed.page.rows.map((row) => row.id),
            asked.text,
          )
        : null;
      return { page: followed.page, passages, plan: followed.path.at(-1)!, path: followed.path };
    }
    const speculated: { start?: TextStart; answer?: Promise<SearchAnswer> } = {};
    const start = await readTextStart(texts, { ...asked, text: asked.text! }, limits.rankedAtMost, (likely) => {
      speculated.start = likely;
      speculated.answer = answer(asked, { ...facts, textStart: likely }, texts);
      // Not waited for when the listing decides otherwise.
      speculated.answer.catch(() => undefined);
    });
    const listed =
      speculated.start && speculated.answer && isSameStart(speculated.start, start)
        ? await speculated.answer
        : await answer(asked, { ...facts, textStart: start }, texts);
    return { ...listed, path: [...followed.path, ...listed.path] };
  }

  return {
    /** One page of a person's search, its words' passages, and the way it was read. */
    async searchPage(asked: DocumentSearch, texts: DocumentTextsRepository): Promise<SearchAnswer> {
      return answer(asked, await readSearchFacts(db, asked, factsOptions), texts);
    },

    /**
     * One page of a search whose words' matches are not listed, or were (`textStart`), and the
     * way it was read: one statement where it can, whose count and date are subqueries evaluated
     * once beside the page's rows (a second statement only when the page is empty).
     */
    async pageWithPlan(asked: DocumentSearch, textStart: TextStart = {}) {
      return pageFromFacts(asked, await readSearchFacts(db, asked, factsOptions, textStart));
    },

    /** The number of matching documents: exact for a whole type or up to EXACT_COUNT_LIMIT, else a lower bound. */
    async countMatching(selection: DocumentSelection, textStart: TextStart = {}) {
      return statements.countVisible(await readSelection(db, selection, factsOptions, textStart));
    },

    statements,
  };
}
