import { DATE_RANGE_MAX_DAYS, type Locale, type ReportDataRequest, type ReportInfo } from '@portal/contract';
import type { AccessScope, DocumentAccessRepository } from '../db/repositories/document-access.repository.js';
import { documentFilters, type DocumentsRepository } from '../db/repositories/documents.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { AppError, notFound } from '../errors.js';
import { decodeDocumentKey, encodeDocumentKey } from './document-key.js';

const DAY_MS = 86_400_000;
type Report = Awaited<ReturnType<DocumentsRepository['reportsOfClient']>>[number];

const invalidSearch = (key: string, message: string) => new AppError(400, key, message);

/**
 * What a person may see: a USER sees the types it was given and, in each, only the documents
 * that match one of its criteria groups; the client's staff see every document of the client's
 * types. The same scope is applied to lists, counts and files.
 */
export function createDocumentsService(deps: { documents: DocumentsRepository; access: DocumentAccessRepository }) {
  /** The scope of each type the person may see, among the given types of its client. */
  async function scopesOf(user: UserWithOrganisation, reports?: Report[]): Promise<Map<number, AccessScope>> {
    if (user.role_code === 'USER') return deps.access.grantedReports(user.id, user.client_id);
    const ofClient = reports ?? (await deps.documents.reportsOfClient(user.client_id));
    return new Map(ofClient.map((report) => [report.id, { kind: 'all' as const }]));
  }

  async function requireReport(user: UserWithOrganisation, report: Report | undefined): Promise<{ report: Report; scope: AccessScope }> {
    const scope = report && (await scopesOf(user)).get(report.id);
    if (!report || !scope) throw notFound();
    return { report, scope };
  }

  return {
    async getReports(user: UserWithOrganisation): Promise<ReportInfo[]> {
      const ofClient = await deps.documents.reportsOfClient(user.client_id);
      const scopes = await scopesOf(user, ofClient);
      const reports = ofClient.filter((report) => scopes.has(report.id));
      return Promise.all(
        reports.map(async (report) => {
          const counts = await deps.documents.counts(user.id, report.id, scopes.get(report.id)!);
          return {
            Id: report.id,
            Code: report.code,
            TitleFr: report.title_fr,
            TitleEn: report.title_en,
            DocumentCount: counts.total,
            DocumentViewedCount: counts.viewed,
            ThumbnailInfo: report.thumbnail ?? null,
            DisplayProperties: report.display_properties,
          };
        }),
      );
    },

    async getReportData(user: UserWithOrganisation, reportCode: string, request: ReportDataRequest) {
      const { report, scope } = await requireReport(user, await deps.documents.findReportByCode(user.client_id, reportCode));
      const attributes = await deps.documents.attributesOf(report.id);
      const searchable = new Set(attributes.filter((a) => a.is_searchable).map((a) => a.name));
      const displayed = attributes.filter((a) => a.show_in_column).map((a) => a.name);

      if (request.sortBy !== 'date' && !displayed.includes(request.sortBy)) {
        throw invalidSearch('validation.sortInvalid', 'Documents cannot be sorted by this column.');
      }
      const filters = [];
      // A whole type is searched through the attribute indexes; a USER's own documents are few, found by its criteria first.
      const searchIndexing = { indexed: scope.kind === 'all' };
      const quick = request.searchOptions;
      if (quick && quick.text.trim() !== '') {
        if (quick.fields.some((field) => !searchable.has(field))) {
          throw invalidSearch('validation.searchFieldInvalid', 'This field cannot be searched.');
        }
        const text = quick.text.trim();
        filters.push(documentFilters.anyOf(quick.fields.map((field) => documentFilters.attributeMatches(field, quick.operation, text, searchIndexing))));
      }
      for (const item of request.advandedSearch) {
        if (!searchable.has(item.attribute)) throw invalidSearch('validation.searchFieldInvalid', 'This field cannot be searched.');
        const text = item.value.trim();
        if (text === '') continue;
        filters.push(documentFilters.attributeMatches(item.attribute, 3, text, searchIndexing));
      }
      // The two dates may come in either order; the earlier one starts the range.
      const given = [request.dateStart ?? null, request.dateEnd ?? null];
      const [dateStart = null, dateEnd = null] = given[0] && given[1] && given[0] > given[1] ? [given[1], given[0]] : given;
      if (dateStart && dateEnd && (Date.parse(dateEnd) - Date.parse(dateStart)) / DAY_MS > DATE_RANGE_MAX_DAYS) {
        throw invalidSearch('validation.dateRangeTooLong', `The date range cannot exceed ${DATE_RANGE_MAX_DAYS} days.`);
      }
      if (dateStart) filters.push(documentFilters.dateFrom(dateStart));
      if (dateEnd) filters.push(documentFilters.dateTo(dateEnd));

      const [page, dateMin] = await Promise.all([
        deps.documents.page({
          userId: user.id,
          reportId: report.id,
          scope,
          filters,
          sort: { attribute: request.sortBy === 'date' ? null : request.sortBy, direction: request.sortDirection },
          limit: request.perPage,
          offset: (request.page - 1) * request.perPage,
        }),
        deps.documents.oldestDate(report.id, scope),
      ]);
      if (request.updateSearchPreference && quick) {
        const others = (user.search_preference as { IndexDefinitionCode: string }[]).filter((p) => p.IndexDefinitionCode !== report.code);
        await deps.documents.saveSearchPreference(user.id, [
          ...others,
          { IndexDefinitionCode: report.code, SearchMethod: quick.operation, SearchColumns: quick.fields },
        ]);
      }
      return {
        success: true as const,
        Config: {
          Id: report.id,
          Code: report.code,
          TitleFr: report.title_fr,
          TitleEn: report.title_en,
          Attributes: attributes.map((a) => ({
            Name: a.name,
            DisplayNameFR: a.display_name_fr,
            DisplayNameEN: a.display_name_en,
            ShowInColumn: a.show_in_column,
          })),
          DisplayedAttributes: displayed,
        },
        Results: page.rows.map((row) => ({
          ...row.attributes,
          key: encodeDocumentKey({ id: row.id, reportCode: report.code, language: row.language }),
          viewed: row.viewed,
          definitionCode: report.code,
          date: row.document_date,
        })),
        TotalDocuments: page.total,
        TotalIsLowerBound: page.isLowerBound,
        DateStart: dateStart,
        DateEnd: dateEnd,
        DateMin: dateMin,
      };
    },

    async getSearchAttributes(user: UserWithOrganisation, configId: number) {
      const { report, scope } = await requireReport(user, await deps.documents.findReportById(user.client_id, configId));
      const attributes = await deps.documents.attributesOf(report.id);
      return {
        success: true as const,
        // Staff may list a whole type; a USER's list is always bounded by its criteria.
        ShowAll: scope.kind === 'all',
        SearchTerms: attributes
          .filter((a) => a.is_searchable)
          .map((a) => ({ Name: a.name, DisplayNameFR: a.display_name_fr, DisplayNameEN: a.display_name_en })),
      };
    },

    /**
     * The documents behind these keys, in the order asked, each with a file name in the
     * person's language. Any key outside the person's access fails the whole request as not found.
     */
    async resolveDocuments(user: UserWithOrganisation, keys: string[], language: Locale) {
      const decoded = keys.map(decodeDocumentKey);
      if (decoded.some((key) => key === null)) throw notFound();
      const scopes = await scopesOf(user);
      const found = new Map<number, { id: number; fileKey: string; fileName: string; pageCount: number }>();
      const byReport = new Map<string, number[]>();
      for (const key of decoded) byReport.set(key!.reportCode, [...(byReport.get(key!.reportCode) ?? []), key!.id]);
      for (const [reportCode, ids] of byReport) {
        const report = await deps.documents.findReportByCode(user.client_id, reportCode);
        const scope = report && scopes.get(report.id);
        if (!report || !scope) throw notFound();
        const title = language === 'fr' ? report.title_fr : report.title_en;
        for (const row of await deps.documents.findVisible(report.id, scope, ids)) {
          found.set(row.id, { id: row.id, fileKey: row.file_key, fileName: safeFileName(title, row.document_date, row.id), pageCount: row.page_count });
        }
      }
      const ordered = decoded.map((key) => found.get(key!.id));
      if (ordered.some((document) => document === undefined)) throw notFound();
      return [...new Map(ordered.map((document) => [document!.id, document!])).values()];
    },

    markViewed: (user: UserWithOrganisation, ids: number[]) => deps.documents.markViewed(user.id, ids),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** "Relevés de compte" of 2026-11-01, id 42 → "Releves-de-compte_2026-11-01_42.pdf": readable, and safe in any file system. */
export function safeFileName(title: string, date: string, id: number): string {
  const base = title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'document'}_${date}_${id}.pdf`;
}
