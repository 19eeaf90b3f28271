import { ERROR_KEYS, type SaveReportAccessRequest } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { ManagedUserRow, ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { ReportAccessRepository, ReportWithAttributes, StoredAccess } from '../db/repositories/report-access.repository.js';
import type { Transact, Tx } from '../db/transact.js';
import { AppError } from '../errors.js';
import { requireUserManagementScope, type Actor } from './permissions.js';
import { requireManageableUser } from './user-management.service.js';

type SubmittedReport = SaveReportAccessRequest['submitedReports'][number];

/** Every document type of the user's client, and the access the user now has to each. */
export interface SavedReportAccess {
  reports: ReportWithAttributes[];
  access: Map<number, StoredAccess>;
}

const invalidAccess = () =>
  new AppError(400, ERROR_KEYS.reportAccessInvalid, 'A report type or attribute does not belong to this user’s client.');

/** A filled criteria group as submitted, and where it stood among the type's submitted groups. */
export interface SubmittedGroup {
  position: number;
  /** Attribute id → trimmed value, every value filled. */
  criteria: Map<number, string>;
}

/**
 * The rules of spec section 5 for one document type: in a group every field is filled or none
 * is; empty groups are dropped; access is given when any value is filled.
 */
export function readSubmittedGroups(report: ReportWithAttributes, submitted: SubmittedReport): SubmittedGroup[] {
  const attributeIds = new Set(report.attributes.map((attribute) => attribute.id));
  const groups: SubmittedGroup[] = [];
  submitted.UserConfiguredCriteria.forEach((items, position) => {
    const group = new Map<number, string>();
    for (const item of items) {
      if (!attributeIds.has(item.ReportAttributeId) || group.has(item.ReportAttributeId)) throw invalidAccess();
      group.set(item.ReportAttributeId, item.Value?.trim() ?? '');
    }
    const filled = [...group.values()].filter((value) => value !== '').length;
    if (filled === 0) return;
    if (filled < group.size) {
      throw new AppError(400, ERROR_KEYS.criteriaGroupIncomplete, 'In a group, fill in every field or leave them all empty.');
    }
    groups.push({ position, criteria: group });
  });
  return groups;
}

/**
 * The checks every reading of a submitted access makes, saved or previewed, in this order: the
 * caller manages users at all, may see this user, the user is a USER, and each type is one of the
 * user's client's, once, with its own attributes and whole groups. Answers the user, its
 * client's types and the filled groups of each submitted type, in the order submitted.
 */
export async function requireSubmittedAccess(
  deps: { managedUsers: ManagedUsersRepository; reportAccess: ReportAccessRepository },
  actor: Actor,
  request: SaveReportAccessRequest,
  trx?: Tx,
): Promise<{ target: ManagedUserRow; reports: ReportWithAttributes[]; submitted: Map<number, SubmittedGroup[]> }> {
  requireUserManagementScope(actor);
  const target = await requireManageableUser(deps.managedUsers, actor, request.userId, trx);
  if (target.role_code !== 'USER') {
    throw new AppError(400, ERROR_KEYS.reportAccessUserOnly, 'Report-type access can only be given to users of the role user.');
  }
  const reports = await deps.reportAccess.reportsWithAttributes(target.client_id, trx);
  const byId = new Map(reports.map((report) => [report.id, report]));
  const submitted = new Map<number, SubmittedGroup[]>();
  for (const entry of request.submitedReports) {
    const report = byId.get(entry.ReportId);
    if (!report || submitted.has(report.id)) throw invalidAccess();
    submitted.set(report.id, readSubmittedGroups(report, entry));
  }
  return { target, reports, submitted };
}

/** The audit form of an access: plain objects, attribute id → value per group. */
const describe = (access: StoredAccess | undefined) => ({
  access: access?.hasAccess ?? false,
  groups: (access?.groups ?? []).map((group) => Object.fromEntries(group)),
});

/** Which documents of each type a USER sees, as an administrator sets it. */
export function createReportAccessService(deps: {
  managedUsers: ManagedUsersRepository;
  reportAccess: ReportAccessRepository;
  audit: AuditLogRepository;
  transact: Transact;
}) {
  return {
    /**
     * Replaces the access of the submitted types in one transaction; the user's next request already
     * sees it. Answers every type of the user's client with the access as saved.
     */
    async saveReportAccess(actor: Actor, request: SaveReportAccessRequest): Promise<SavedReportAccess> {
      return deps.transact(async (trx) => {
        const { target, reports, submitted } = await requireSubmittedAccess(deps, actor, request, trx);
        const changes = new Map<number, StoredAccess>(
          [...submitted].map(([reportId, groups]) => [reportId, { hasAccess: groups.length > 0, groups: groups.map((g) => g.criteria) }]),
        );
        const before = await deps.reportAccess.accessOf(target.id, trx);
        for (const [reportId, access] of changes) await deps.reportAccess.replace(target.id, reportId, access, trx);
        await deps.audit.record(
          {
            actorUserId: actor.id,
            action: 'saveReportAccess',
            targetUserId: target.id,
            before: { reports: [...changes.keys()].map((reportId) => ({ reportId, ...describe(before.get(reportId)) })) },
            after: { reports: [...changes].map(([reportId, access]) => ({ reportId, ...describe(access) })) },
          },
          trx,
        );
        return { reports, access: await deps.reportAccess.accessOf(target.id, trx) };
      });
    },
  };
}
export type ReportAccessService = ReturnType<typeof createReportAccessService>;
