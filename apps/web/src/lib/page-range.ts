export interface PageRange {
  /** At least 1, so that an empty list still shows its one (empty) page. */
  pageCount: number;
  /** The rows shown, counted from 1 as people read them; both 0 for an empty list. */
  first: number;
  last: number;
}

/** Where one page of a paged list sits in the whole. */
export function computePageRange(page: number, perPage: number, total: number): PageRange {
  return {
    pageCount: Math.max(1, Math.ceil(total / perPage)),
    first: total === 0 ? 0 : (page - 1) * perPage + 1,
    last: Math.min(total, page * perPage),
  };
}
