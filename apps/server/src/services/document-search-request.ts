import { DATE_RANGE_MAX_DAYS, SEARCH_OPERATIONS, type QuickSearch, type ReportDataRequest } from '@portal/contract';
import type { AccessScope } from '../db/repositories/document-access.repository.js';
import type { DocumentSearch, QuickSearchTerms, SearchOperation } from '../db/repositories/document-search.js';
import type { ReportAttribute } from '../db/repositories/documents.repository.js';
import { AppError } from '../errors.js';
import { valuesNamedBy } from './value-label-search.js';

const DAY_MS = 86_400_000;

const invalidSearch = (key: string, message: string) => new AppError(400, key, message);

const OPERATION_NAMES = Object.fromEntries(Object.entries(SEARCH_OPERATIONS).map(([name, code]) => [code, name])) as Record<
  QuickSearch['operation'],
  SearchOperation
>;

/** The name of a quick-search operation the contract sends as its number. */
export function nameSearchOperation(code: QuickSearch['operation']): SearchOperation {
  return OPERATION_NAMES[code];
}

/**
 * A list request checked against the type's attributes and read as a search: only displayed
 * attributes sort, only searchable ones are searched, blank texts search nothing (the words
 * searched in the documents' text included), and the two dates may come in either order but
 * span at most DATE_RANGE_MAX_DAYS.
 */
export function readDocumentSearch(
  request: ReportDataRequest,
  context: { reportId: number; scope: AccessScope; viewerId: number; attributes: ReportAttribute[] },
): DocumentSearch {
  const searchable = new Set(context.attributes.filter((a) => a.is_searchable).map((a) => a.name));
  const sortedBy = request.sortBy === 'date' ? null : context.attributes.find((a) => a.show_in_column && a.name === request.sortBy);
  if (sortedBy === undefined) {
    throw invalidSearch('validation.sortInvalid', 'Documents cannot be sorted by this column.');
  }
  const quick = request.searchOptions;
  const quickText = quick?.text.trim() ?? '';
  if (quick && quickText !== '' && quick.fields.some((field) => !searchable.has(field))) {
    throw invalidSearch('validation.searchFieldInvalid', 'This field cannot be searched.');
  }
  const textSearch = request.textSearch?.trim() ?? '';
  const advanced = [];
  for (const item of request.advandedSearch) {
    if (!searchable.has(item.attribute)) throw invalidSearch('validation.searchFieldInvalid', 'This field cannot be searched.');
    const text = item.value.trim();
    if (text === '') continue;
    const valuesNamed = valuesNamedIn(context.attributes, item.attribute, 'contains', text);
    advanced.push({ attribute: item.attribute, text, ...(valuesNamed.length > 0 && { valuesNamed }) });
  }
  return {
    reportId: context.reportId,
    scope: context.scope,
    viewerId: context.viewerId,
    quick: quick && quickText !== '' ? readQuickSearch(quick, quickText, context.attributes) : null,
    advanced,
    dateRange: readDateRange(request.dateStart ?? null, request.dateEnd ?? null),
    text: textSearch || null,
    sort: sortedBy
      ? { attribute: sortedBy.name, ordering: sortedBy.ordering, direction: request.sortDirection }
      : { attribute: null, direction: request.sortDirection },
    paging: { limit: request.perPage, offset: (request.page - 1) * request.perPage },
    byRelevance: textSearch !== '' && request.sortByRelevance === true,
  };
}

function readQuickSearch(quick: QuickSearch, text: string, attributes: ReportAttribute[]): QuickSearchTerms {
  const operation = nameSearchOperation(quick.operation);
  const valuesNamed: Record<string, string[]> = {};
  for (const field of quick.fields) {
    const values = valuesNamedIn(attributes, field, operation, text);
    if (values.length > 0) valuesNamed[field] = values;
  }
  return { operation, fields: quick.fields, text, ...(Object.keys(valuesNamed).length > 0 && { valuesNamed }) };
}

/** The stored values of one of the type's attributes whose English or French word matches the text. */
function valuesNamedIn(attributes: ReportAttribute[], field: string, operation: SearchOperation, text: string): string[] {
  return valuesNamedBy(
    attributes.find((attribute) => attribute.name === field),
    operation,
    text,
  );
}

/** The earlier of the two dates starts the range. */
function readDateRange(first: string | null, second: string | null): DocumentSearch['dateRange'] {
  const [from, to] = first && second && first > second ? [second, first] : [first, second];
  if (from && to && (Date.parse(to) - Date.parse(from)) / DAY_MS > DATE_RANGE_MAX_DAYS) {
    throw invalidSearch('validation.dateRangeTooLong', `The date range cannot exceed ${DATE_RANGE_MAX_DAYS} days.`);
  }
  return { from, to };
}
