import type { Locale, ReportDataRequest } from '@portal/contract';
import type { ScopedPerson, TypeSeen, Viewer } from '../db/repositories/types-in-scope.repository.js';
import type { DocumentsRepository, Report, ReportAttribute } from '../db/repositories/documents.repository.js';
import type { PassagePart } from '../db/repositories/document-text-search.js';
import type { DocumentTextsRepository } from '../db/repositories/document-texts.repository.js';
import type { AccessEvidenceRepository } from '../db/repositories/access-evidence.repository.js';
import type { AcknowledgementsRepository } from '../db/repositories/acknowledgements.repository.js';
import type { EvidenceAction } from '../domain/access-evidence.js';
import type { WebhookEvents } from './webhooks/webhook-events.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import { notFound } from '../errors.js';
import type { DocumentStorage } from '../transports/storage/document-storage.js';
import { findStoredFile, openedWithRecord, streamZip, type DocumentFile, type StoredFile } from './document-files.js';
import { decodeDocumentKey, encodeDocumentKey, type DocumentKey } from './document-key.js';
import { nameSearchOperation, readDocumentSearch } from './document-search-request.js';
import { bundleFileName, documentFileName, type BundledDocument } from './file-names.js';
import { streamMergedPdf } from './merged-pdf-stream.js';

/** A type the person may see, with how many of its documents it may see and has opened. */
export interface ReportSummary {
  report: Report;
  total: number;
  viewed: number;
}

/** A document of a list page; its key names it in later calls. */
export interface PageDocument {
  key: string;
  viewed: boolean;
  date: string;
  attributes: Record<string, string>;
  /** With a text search: the document's text around the words found. */
  passage?: PassagePart[];
  /** Its type asks the person to confirm reading it, and the person has not confirmed its current version. */
  awaitsAcknowledgement?: boolean;
}

/** One page of a type's documents as the person searched them. */
export interface ReportPage {
  report: Report;
  attributes: ReportAttribute[];
  /** The names of the attributes shown as columns, in order. */
  displayed: string[];
  documents: PageDocument[];
  total: number;
  /** More documents match than are counted exactly: `total` is then "at least". */
  isLowerBound: boolean;
  /** The range searched, earlier date first. */
  dateRange: { from: string | null; to: string | null };
  /** The oldest date among the documents the person may see. */
  oldestDate: string | null;
  /** Sorted by relevance with more matches than are ranked: how many were (see ListPage). */
  rankedFirst?: number;
  /** The type asks the person to confirm reading each document (see PageDocument.awaitsAcknowledgement). */
  asksAcknowledgement: boolean;
  /** How the page was read (the ways followed, the last the one that read it), for the request's log; never sent. */
  searchPlan: string;
}

/** What a type can be searched by, for this person. */
export interface SearchableAttributes {
  /** Staff may list a whole type; a USER's list is always bounded by its criteria. */
  canListWholeType: boolean;
  attributes: ReportAttribute[];
}

/** Where a request that opens documents comes from, as their evidence keeps it. */
export interface OpenedFrom {
  address: string;
  userAgent: string | null;
  /** A byte range past the file's start: a viewer reading on in a file whose opening is recorded already. */
  continuing?: boolean;
  /** In a customer view: the staff member who opens the customer's documents, whom the evidence names. */
  actingStaff?: { id: number; username: string };
}

/** A person who opens documents, named in their evidence by its username as well as its id. */
type Opener = Viewer<ScopedPerson & { username: string }>;

interface ResolvedDocument extends BundledDocument {
  id: number;
  /** Its type asks each reader to confirm each version. */
  requiresAcknowledgement: boolean;
  fileKey: string;
  fileName: string;
  pageCount: number;
}

/** The ways several documents leave as one file, by file extension. */
const BUNDLES = {
  pdf: { stream: streamMergedPdf, contentType: 'application/pdf', action: 'merged-pdf' },
  zip: { stream: streamZip, contentType: 'application/zip', action: 'zip' },
} as const;

/**
 * What a person may see: a USER sees the types it was given and, in each, only the documents
 * that match one of its criteria groups; the client's staff see every document of the client's
 * types. The same scope is applied to lists, counts and files.
 */
export function createDocumentsService(deps: {
  documents: DocumentsRepository;
  storage: DocumentStorage;
  texts: DocumentTextsRepository;
  evidence: AccessEvidenceRepository;
  acknowledgements: AcknowledgementsRepository;
  /** Tells the client's back office of downloads and of each document's first opening by its person. */
  webhooks?: Pick<WebhookEvents, 'queueDeliveries'>;
}) {
  /** A type of the person's client that the person sees, found among them by `matches`, with its scope; not found otherwise. */
  function requireTypeInScope(viewer: Viewer, matches: (report: Report) => boolean): TypeSeen {
    const found = viewer.types.find(({ report }) => matches(report));
    if (!found) throw notFound();
    return found;
  }

  /** The type of this code (case aside) among those the person sees; not found otherwise. */
  const requireTypeOfCode = (viewer: Viewer, code: string) =>
    requireTypeInScope(viewer, (type) => type.code.toLowerCase() === code.toLowerCase());

  /**
   * The documents behind these keys, in the order asked, each with a file name in the
   * person's language. Any key outside the person's access fails the whole request as not found.
   */
  async function resolveDocuments(viewer: Viewer, keys: string[], language: Locale): Promise<ResolvedDocument[]> {
    const decoded: DocumentKey[] = [];
    for (const key of keys) {
      const document = decodeDocumentKey(key);
      if (!document) throw notFound();
      decoded.push(document);
    }
    const found = new Map<number, ResolvedDocument>();
    const byReport = new Map<string, number[]>();
    for (const key of decoded) byReport.set(key.reportCode, [...(byReport.get(key.reportCode) ?? []), key.id]);
    for (const [reportCode, ids] of byReport) {
      const { report, scope } = requireTypeOfCode(viewer, reportCode);
      const title = language === 'fr' ? report.title_fr : report.title_en;
      for (const row of await deps.documents.findVisible(report.id, scope, ids)) {
        found.set(row.id, {
          id: row.id,
          requiresAcknowledgement: report.requires_acknowledgement,
          fileKey: row.file_key,
          fileName: documentFileName(title, row.document_date, row.id),
          typeTitle: title,
          documentDate: row.document_date,
          pageCount: row.page_count,
        });
      }
    }
    const ordered: ResolvedDocument[] = [];
    for (const key of decoded) {
      const document = found.get(key.id);
      if (!document) throw notFound();
      ordered.push(document);
    }
    return [...new Map(ordered.map((document) => [document.id, document])).values()];
  }

  /** Opening documents marks them viewed for the person and records, per document, who opened it, how, when and from where. */
  async function recordOpening(viewer: Opener, documents: ResolvedDocument[], action: EvidenceAction, where: OpenedFrom) {
    const { actingStaff, address, userAgent } = where;
    const opening = { documentIds: documents.map((document) => document.id), action, address, userAgent };
    if (actingStaff) {
      return deps.evidence.recordOpeningOnBehalf({ ...opening, userId: actingStaff.id, username: actingStaff.username }, viewer.user.id);
    }
    const told = await deps.evidence.recordOpening({ ...opening, userId: viewer.user.id, username: viewer.user.username });
    if (told.length > 0) await deps.webhooks?.queueDeliveries(told);
  }

  /** The documents as one file of the format, streamed as it is written; opening them marks them viewed. */
  async function bundleDocuments(
    format: keyof typeof BUNDLES,
    viewer: Opener,
    keys: string[],
    language: Locale,
    where: OpenedFrom,
    onStreamError: (error: unknown) => void,
  ): Promise<DocumentFile> {
    const documents = await resolveDocuments(viewer, keys, language);
    const bundle = BUNDLES[format];
    await recordOpening(viewer, documents, bundle.action, where);
    return {
      stream: bundle.stream(deps.storage, documents, onStreamError),
      fileName: bundleFileName(documents, format),
      contentType: bundle.contentType,
    };
  }

  return {
    async getReports({ user, types }: Viewer): Promise<ReportSummary[]> {
      const counts = await deps.documents.countsOfTypes(
        user.id,
        types.map(({ report, scope }) => [report.id, scope]),
      );
      return types.map(({ report }) => ({ report, ...counts.get(report.id)! }));
    },

    async getReportData(viewer: Viewer<UserWithOrganisation>, reportCode: string, request: ReportDataRequest): Promise<ReportPage> {
      const { user } = viewer;
      const { report, scope, attributes } = requireTypeOfCode(viewer, reportCode);
      if (!attributes) throw new Error(`the type ${reportCode} was read without its attributes`);
      const search = readDocumentSearch(request, { reportId: report.id, scope, viewerId: user.id, attributes });
      // Passages only for the page's rows, which the search found within the person's access.
      const { page, passages, path } = await deps.documents.searchPage(search, deps.texts);
      // Only a USER confirms reading: staff read documents for the client, not as their recipient.
      const asksAcknowledgement = report.requires_acknowledgement && user.role_code === 'USER';
      const acknowledged = asksAcknowledgement
        ? await deps.acknowledgements.acknowledgedAmong(
            user.id,
            page.rows.map((row) => row.id),
          )
        : null;
      const quick = request.searchOptions;
      if (request.updateSearchPreference && quick) {
        await deps.documents.rememberQuickSearch(user, report.code, {
          operation: nameSearchOperation(quick.operation),
          fields: quick.fields,
        });
      }
      return {
        report,
        attributes,
        displayed: attributes.filter((a) => a.show_in_column).map((a) => a.name),
        documents: page.rows.map((row) => ({
          key: encodeDocumentKey({ id: row.id, reportCode: report.code, language: row.language }),
          viewed: row.viewed,
          date: row.document_date,
          attributes: row.attributes,
          ...(passages && { passage: passages.get(row.id) ?? [] }),
          ...(acknowledged && { awaitsAcknowledgement: !acknowledged.has(row.id) }),
        })),
        total: page.total,
        isLowerBound: page.isLowerBound,
        dateRange: search.dateRange,
        oldestDate: page.oldestDate,
        ...(page.rankedFirst !== undefined && { rankedFirst: page.rankedFirst }),
        asksAcknowledgement,
        searchPlan: path.join(' > '),
      };
    },

    async getSearchAttributes(viewer: Viewer, configId: number): Promise<SearchableAttributes> {
      const { report, scope } = requireTypeInScope(viewer, (type) => type.id === configId);
      const attributes = await deps.documents.attributesOf(report.id);
      return { canListWholeType: scope.kind === 'all', attributes: attributes.filter((a) => a.is_searchable) };
    },

    /**
     * One document's file, named in the person's language. Its opening is recorded when the file,
     * once found, is opened to be sent: not when it is missing, not when no byte of it is asked
     * for, and not for a read that continues one (`where.continuing`).
     */
    async openDocument(
      viewer: Opener,
      key: string,
      language: Locale,
      action: 'preview' | 'download',
      where: OpenedFrom,
    ): Promise<StoredFile> {
      const [document] = await resolveDocuments(viewer, [key], language);
      if (!document) throw notFound();
      const file = await findStoredFile(deps.storage, document.fileKey, document.fileName);
      return where.continuing ? file : openedWithRecord(file, () => recordOpening(viewer, [document], action, where));
    },

    /** One document the person sees, by its key, without opening it; not found otherwise. */
    async findDocument(
      viewer: Viewer,
      key: string,
      language: Locale,
    ): Promise<{ id: number; typeTitle: string; date: string; requiresAcknowledgement: boolean }> {
      const [document] = await resolveDocuments(viewer, [key], language);
      if (!document) throw notFound();
      const { id, typeTitle, documentDate: date, requiresAcknowledgement } = document;
      return { id, typeTitle, date, requiresAcknowledgement };
    },

    /** The documents' pages as one PDF, streamed as it is made; their opening is recorded. */
    mergeDocuments: (viewer: Opener, keys: string[], language: Locale, where: OpenedFrom, onStreamError: (error: unknown) => void) =>
      bundleDocuments('pdf', viewer, keys, language, where, onStreamError),

    /** The documents' files as one zip, streamed as it is written; their opening is recorded. */
    zipDocuments: (viewer: Opener, keys: string[], language: Locale, where: OpenedFrom, onStreamError: (error: unknown) => void) =>
      bundleDocuments('zip', viewer, keys, language, where, onStreamError),
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
