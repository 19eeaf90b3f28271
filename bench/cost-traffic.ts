/**
 * Traffic as people make it: each request by the next of many people, for a type that person
 * sees, a page, a page size, a sort, and now and then a date range or a quick search, drawn from a
 * seeded sequence. What each person sees (its types, their attributes and some of their values)
 * is read first through the API itself, as the web does.
 */
import type { VariedRequest } from './measure.js';
import type { CostPerson } from './cost-people.js';

interface TypeSeen {
  code: string;
  documents: number;
  /** Sortable and searchable attributes, with values their documents carry. */
  attributes: { name: string; values: string[] }[];
  dateMin: string | null;
  dateMax: string | null;
  /** The keys of the documents of its first page, to open. */
  keys: string[];
}

/** What the people made after each demo account see, by that account. */
export type Catalogue = Map<string, TypeSeen[]>;

const PAGE_SIZES = [10, 25, 50, 100];

async function call<T>(baseUrl: string, path: string, cookie: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Reads, as each demo account, its types, their attributes and values. */
export async function readCatalogue(baseUrl: string, people: CostPerson[]): Promise<Catalogue> {
  const catalogue: Catalogue = new Map();
  for (const person of people.filter((each) => each.username === each.template)) {
    const { ReportsInfos } = await call<{ ReportsInfos: { Code: string; DocumentCount: number }[] }>(
      baseUrl,
      '/Dashboard/GetReports',
      person.cookie,
    );
    const types: TypeSeen[] = [];
    for (const report of ReportsInfos.filter((info) => info.DocumentCount > 0)) {
      const page = await call<{
        Config: { DisplayedAttributes: string[] };
        Results: Record<string, string | boolean>[];
        DateMin: string | null;
        DateMax: string | null;
      }>(baseUrl, `/Dashboard/ReportData/${report.Code}`, person.cookie, { perPage: 50 });
      const attributes = page.Config.DisplayedAttributes.map((name) => ({
        name,
        values: [
          ...new Set(page.Results.map((row) => row[name]).filter((value): value is string => typeof value === 'string' && value !== '')),
        ],
      }));
      const keys = page.Results.map((row) => row.key).filter((key): key is string => typeof key === 'string');
      types.push({ code: report.Code, documents: report.DocumentCount, attributes, dateMin: page.DateMin, dateMax: page.DateMax, keys });
    }
    catalogue.set(person.username, types);
  }
  return catalogue;
}

/** A seeded sequence of numbers in [0, 1): the same traffic at every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A list request as a person shapes it: a page of some size, a sort, and sometimes a date range or a search. */
function listBody(random: () => number, type: TypeSeen): object {
  const perPage = pick(random, PAGE_SIZES);
  const pages = Math.max(1, Math.ceil(type.documents / perPage));
  const sortBy = pick(random, ['date', ...type.attributes.map((attribute) => attribute.name)]);
  const body: Record<string, unknown> = {
    page: 1 + Math.floor(random() * random() * pages),
    perPage,
    sortBy,
    sortDirection: pick(random, ['asc', 'desc']),
  };
  const shape = random();
  if (shape < 0.3 && type.dateMin && type.dateMax) {
    const span = Math.max(1, (Date.parse(type.dateMax) - Date.parse(type.dateMin)) / 86_400_000);
    const start = addDays(type.dateMin, Math.floor(random() * span));
    Object.assign(body, { dateStart: start, dateEnd: addDays(start, 30 + Math.floor(random() * 700)) });
  } else if (shape < 0.55) {
    const attribute = pick(
      random,
      type.attributes.filter((each) => each.values.length > 0),
    );
    if (attribute) {
      const value = pick(random, attribute.values);
      const operation = pick(random, [0, 1, 2, 3] as const);
      const length = Math.max(1, Math.ceil(value.length * (0.4 + random() * 0.6)));
      const text = operation === 0 ? value : operation === 2 ? value.slice(-length) : value.slice(0, length);
      body.searchOptions = { text, fields: [attribute.name], operation };
    }
  }
  return body;
}

/**
 * The list calls: people take turns in order (the list alternates roles), each asking for one of
 * its types, shaped at random. With thousands of people a person comes back only after seconds,
 * and then most likely asks for something else.
 */
export function variedListCalls(people: CostPerson[], catalogue: Catalogue, seed = 1): () => VariedRequest {
  const listing = people.filter((person) => (catalogue.get(person.template) ?? []).length > 0);
  if (listing.length === 0) throw new Error('no person sees any document');
  const random = seededRandom(seed);
  let turn = 0;
  return () => {
    const person = listing[turn++ % listing.length]!;
    const type = pick(random, catalogue.get(person.template)!);
    return { path: `/Dashboard/ReportData/${type.code}`, body: listBody(random, type), cookie: person.cookie };
  };
}

/** The dashboard, by each person in turn. */
export function variedDashboardCalls(people: CostPerson[]): () => VariedRequest {
  let turn = 0;
  return () => ({ path: '/Dashboard/GetReports', cookie: people[turn++ % people.length]!.cookie });
}

/** Single files opened (shown in place or saved), by the people in turn, each one of the documents it sees. */
export function variedFileCalls(
  people: CostPerson[],
  catalogue: Catalogue,
  kind: 'preview' | 'download',
  share: { index: number; of: number } = { index: 0, of: 1 },
  seed = 2,
): () => VariedRequest {
  const opening = people
    .filter((person) => (catalogue.get(person.template) ?? []).some((type) => type.keys.length > 0))
    .filter((_, position) => position % share.of === share.index);
  if (opening.length === 0) throw new Error('no person sees any document');
  const random = seededRandom(seed);
  let turn = 0;
  return () => {
    const person = opening[turn++ % opening.length]!;
    const type = pick(
      random,
      catalogue.get(person.template)!.filter((each) => each.keys.length > 0),
    );
    return { path: `/dashboard/${kind}?documentKey=${encodeURIComponent(pick(random, type.keys))}`, cookie: person.cookie };
  };
}
