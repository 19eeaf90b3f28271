import { ERROR_KEYS, CUSTOMER_VIEW_ERROR_KEYS } from '@portal/contract';
import type { AuditLogRepository } from '../db/repositories/audit-log.repository.js';
import type { CustomerViewsRepository, OpenCustomerView } from '../db/repositories/customer-views.repository.js';
import type { ManagedUsersRepository } from '../db/repositories/managed-users.repository.js';
import type { UsersRepository } from '../db/repositories/users.repository.js';
import type { Transact } from '../db/transact.js';
import { AppError } from '../errors.js';
import { requireUserManagementScope, type Actor } from './permissions.js';
import { describeSignedInUser, type SignedInUser } from './signed-in-user.js';
import { createSecret, hashSecret } from './tokens.js';
import { requireManageableUser } from './user-management.service.js';

/** Where a view was opened from, and in which language the staff member reads. */
export interface ViewRequestContext {
  address: string;
  userAgent: string | null;
  language: string;
}

/** A call made in a view, as the audit log keeps it. */
export interface ViewCall {
  method: string;
  path: string;
  refused: boolean;
}

/**
 * Customer views: whoever may manage a customer (a USER of a client in their reach, of a rank
 * not above their own) sees that customer's portal read-only, for a reason, for a bounded time.
 * The view is a session of the customer's that names the view; the staff member's own session
 * waits, kept alive, and is given back with a new secret when the view is left. Every start,
 * call and end is audited with both people and the reason.
 */
export function createCustomerViewService(deps: {
  customerViews: CustomerViewsRepository;
  managedUsers: ManagedUsersRepository;
  users: Pick<UsersRepository, 'findActiveById'>;
  audit: AuditLogRepository;
  transact: Transact;
  /** How long a view lasts at most. */
  minutes: number;
  /** How long a session may be idle (the staff member's own, while they are in the view). */
  idleMinutes: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  const auditEntry = (view: { id: number; reason: string }, staffId: number, customerId: number, extra: object = {}) => ({
    actorUserId: staffId,
    targetUserId: customerId,
    before: null,
    after: { customerViewId: view.id, reason: view.reason, ...extra },
  });

  return {
    /** Opens a view of this customer for the staff member of this session; answers its session secret and the view. */
    async start(actor: Actor, staffSessionHash: string, customerId: number, reason: string, context: ViewRequestContext) {
      requireUserManagementScope(actor);
      return deps.transact(async (trx) => {
        const customer = await requireManageableUser(deps.managedUsers, actor, customerId, trx);
        if (customer.role_code !== 'USER') {
          throw new AppError(403, CUSTOMER_VIEW_ERROR_KEYS.notACustomer, 'Only a customer can be viewed as.');
        }
        const { secret, hash } = createSecret();
        const expiresAt = new Date(now().getTime() + deps.minutes * 60_000);
        const viewId = await deps.customerViews.open(
          trx,
          {
            clientId: customer.client_id,
            staffUserId: actor.id,
            staffSessionHash,
            customerUserId: customer.id,
            reason,
            address: context.address,
            userAgent: context.userAgent,
            expiresAt,
          },
          { idHash: hash, language: context.language },
        );
        await deps.audit.record({ action: 'startCustomerView', ...auditEntry({ id: viewId, reason }, actor.id, customer.id) }, trx);
        return { sessionToken: secret, viewId };
      });
    },

    /** The view as it stands (both people, the reason, its end, what the client lets staff open); undefined once ended. */
    findOpen: (viewId: number) => deps.customerViews.findOpen(viewId),

    /** The customer of a view as a signed-in person: no menus, whatever staff's own. */
    async customerOf(view: OpenCustomerView): Promise<SignedInUser> {
      const customer = await deps.users.findActiveById(view.customer_user_id);
      if (!customer) throw new AppError(404, ERROR_KEYS.userNotFound, 'This user does not exist.');
      return { ...describeSignedInUser(customer, false), menus: [] };
    },

    /** Keeps the view's and the staff member's own session from idling out. */
    touch: (viewSessionHash: string, view: OpenCustomerView) =>
      deps.customerViews.touchWithStaffSession(viewSessionHash, view.staff_session_hash),

    /** Records one call made in a view, served or refused. */
    recordCall: (view: OpenCustomerView, call: ViewCall) =>
      deps.transact((trx) =>
        deps.audit.record({ action: 'customerViewCall', ...auditEntry(view, view.staff_user_id, view.customer_user_id, call) }, trx),
      ),

    /**
     * Leaves the view of this session secret, if it is one (also once its time has run out): the
     * staff member's own session comes back under a new secret, unless it has ended meanwhile.
     * Answers the new secret and the person, null when nothing is given back, or `notAView` when
     * the session is none (an ordinary session stays as it is).
     */
    async leave(viewSessionToken: string | undefined) {
      if (!viewSessionToken) return 'notAView' as const;
      const given = await deps.transact(async (trx) => {
        const ended = await deps.customerViews.endBySession(trx, hashSecret(viewSessionToken), 'left');
        if (!ended) return 'notAView' as const;
        const how = ended.end_reason ?? 'left';
        await deps.audit.record(
          { action: 'endCustomerView', ...auditEntry(ended, ended.staff_user_id, ended.customer_user_id, { how }) },
          trx,
        );
        const { secret, hash } = createSecret();
        const idleSince = new Date(now().getTime() - deps.idleMinutes * 60_000);
        const staffSession = await deps.customerViews.reissueStaffSession(trx, ended.staff_session_hash, hash, idleSince);
        return staffSession ? { sessionToken: secret, userId: staffSession.user_id } : null;
      });
      if (given === 'notAView' || given === null) return given;
      const staff = await deps.users.findActiveById(given.userId);
      return staff ? { sessionToken: given.sessionToken, user: describeSignedInUser(staff, false) } : null;
    },

    /** Signing out inside a view ends the view and the staff member's own session with it. */
    async signOut(viewSessionToken: string | undefined): Promise<void> {
      if (!viewSessionToken) return;
      await deps.transact(async (trx) => {
        const ended = await deps.customerViews.endBySession(trx, hashSecret(viewSessionToken), 'signedOut');
        if (!ended) return;
        await deps.customerViews.endStaffSession(trx, ended.staff_session_hash);
        const how = ended.end_reason ?? 'signedOut';
        await deps.audit.record(
          { action: 'endCustomerView', ...auditEntry(ended, ended.staff_user_id, ended.customer_user_id, { how }) },
          trx,
        );
      });
    },

    /** The views of a customer's portal since a moment, for their sign-in history. */
    listForCustomer: (customerId: number, since: Date) => deps.customerViews.listForCustomer(customerId, since),
  };
}
export type CustomerViewService = ReturnType<typeof createCustomerViewService>;
