import { ACCESS_PREVIEW_DOCUMENTS, ReportDataRequestSchema, type SaveReportAccessRequest } from '@portal/contract';
import type { AccessScope } from '../db/repositories/document-access.repository.js';
import type { DocumentsRepository, Report, ReportAttribute } from '../db/repositories/documents.repository.js';
import type { ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { ReportAccessRepository } from '../db/repositories/report-access.repository.js';
import { readDocumentSearch } from './document-search-request.js';
import type { Actor } from './permissions.js';
import { requireSubmittedAccess, type SubmittedGroup } from './report-access.service.js';

/** What a USER would see in one type with the submitted groups. */
export interface AccessPreview {
  reportId: number;
  /** The attributes the user's list shows as columns, in order. */
  displayed: ReportAttribute[];
  /** The first documents of the user's list, in its default order. */
  documents: { date: string; attributes: Record<string, string> }[];
  total: number;
  /** More documents match than the list counts exactly: `total` is then "at least". */
  isLowerBound: boolean;
  /** Positions, among the submitted groups, of the filled groups that match no document. */
  emptyGroups: number[];
}

/**
 * The first page of a USER's list as it opens: the type's default sort, or the date when that
 * attribute is no longer a column (the list would refuse to sort by it).
 */
function openingListRequest(report: Report, attributes: ReportAttribute[]) {
  const { sortBy, sortDesc } = report.display_properties;
  const isColumn = attributes.some((attribute) => attribute.show_in_column && attribute.name === sortBy);
  return ReportDataRequestSchema.parse({
    perPage: ACCESS_PREVIEW_DOCUMENTS,
    sortBy: isColumn ? sortBy : 'date',
    sortDirection: sortDesc ? 'desc' : 'asc',
  });
}

/**
 * The report-access dialog's preview. It reads a submitted access through the very checks the
 * save makes (so it refuses what the save refuses, in the same order), turns each type's groups
 * into the scope the user's lists would get once saved, and asks the documents repository what
 * the user's list would then count and show. Nothing is written.
 */
export function createReportAccessPreviewService(deps: {
  managedUsers: ManagedUsersRepository;
  reportAccess: ReportAccessRepository;
  documents: DocumentsRepository;
}) {
  async function previewType(report: Report, groups: SubmittedGroup[], viewerId: number): Promise<AccessPreview> {
    const attributes = await deps.documents.attributesOf(report.id);
    const displayed = attributes.filter((attribute) => attribute.show_in_column);
    if (groups.length === 0) {
      // A type without a filled group is not given: the user would see none of it.
      return { reportId: report.id, displayed, documents: [], total: 0, isLowerBound: false, emptyGroups: [] };
    }
    // Criteria are stored by attribute id and applied by name, as the user's granted scope reads them.
    const names = new Map(attributes.map((attribute) => [attribute.id, attribute.name]));
    const byName = groups.map((group) => Object.fromEntries([...group.criteria].map(([id, value]) => [names.get(id)!, value])));
    const ownerAttributes = attributes.filter((attribute) => attribute.identifies_owner).map((attribute) => attribute.name);
    const scope: AccessScope & { kind: 'groups' } = { kind: 'groups', groups: byName, ownerAttributes };
    const search = readDocumentSearch(openingListRequest(report, attributes), { reportId: report.id, scope, viewerId, attributes });
    const [page, unmatched] = await Promise.all([deps.documents.page(search), deps.documents.groupsMatchingNothing(report.id, scope)]);
    return {
      reportId: report.id,
      displayed,
      documents: page.rows.map((row) => ({ date: row.document_date, attributes: row.attributes })),
      total: page.total,
      isLowerBound: page.isLowerBound,
      emptyGroups: unmatched.map((index) => groups[index]!.position),
    };
  }

  return {
    /** Per submitted type, in the order submitted, what the user would see were this access saved. */
    async previewReportAccess(actor: Actor, request: SaveReportAccessRequest): Promise<AccessPreview[]> {
      const { target, submitted } = await requireSubmittedAccess(deps, actor, request);
      const reports = new Map((await deps.documents.reportsOfClient(target.client_id)).map((report) => [report.id, report]));
      return Promise.all([...submitted].map(([reportId, groups]) => previewType(reports.get(reportId)!, groups, target.id)));
    },
  };
}
export type ReportAccessPreviewService = ReturnType<typeof createReportAccessPreviewService>;
