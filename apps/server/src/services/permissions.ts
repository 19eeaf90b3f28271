import { ERROR_KEYS, ROLE_CODES, type Menu, type RoleCode } from '@portal/contract';
import { isClientInScope, type ClientScope } from '../domain/client-scope.js';
import { AppError, forbidden } from '../errors.js';

/** Whose data a role reaches: nobody's, its own client's, or every client's. */
type Reach = 'none' | 'ownClient' | 'allClients';

interface RolePermissions {
  /** Nobody sees or changes a person of a higher rank, nor gives a role above their own. */
  rank: number;
  menus: Menu[];
  /** Whose users the role may list and manage (the userManagement menu). */
  users: Reach;
  /** Which clients the role may export usage spreadsheets of (the reports menu). */
  usageReports: Reach;
  /** Which clients' API keys the role may list, create and revoke (the apiKeys menu). */
  apiKeys: Reach;
  /**
   * Which clients the role configures in the tenant console (the tenantConsole menu): the client,
   * its experiences, document types, help content, and the audit log of it.
   */
  tenants: Reach;
}

/**
 * The one matrix of who may do what. Menus at sign-in and every guard behind them read it,
 * so the web never shows an entry the server would refuse. README "Who may do what" mirrors it.
 */
const PERMISSIONS: Record<RoleCode, RolePermissions> = {
  USER: { rank: 1, menus: [], users: 'none', usageReports: 'none', apiKeys: 'none', tenants: 'none' },
  CUSTOMER_SERVICE: {
    rank: 2,
    menus: ['userManagement'],
    users: 'ownClient',
    usageReports: 'none',
    apiKeys: 'none',
    tenants: 'none',
  },
  ADMIN: { rank: 3, menus: ['userManagement'], users: 'ownClient', usageReports: 'none', apiKeys: 'none', tenants: 'none' },
  // A client's own staff: every menu, on its own client only. Acting across clients is SUPER_USER's alone.
  INTERNAL: {
    rank: 4,
    menus: ['userManagement', 'reports', 'apiKeys', 'tenantConsole'],
    users: 'ownClient',
    usageReports: 'ownClient',
    apiKeys: 'ownClient',
    tenants: 'ownClient',
  },
  SUPER_USER: {
    rank: 5,
    menus: ['userManagement', 'reports', 'apiKeys', 'tenantConsole'],
    users: 'allClients',
    usageReports: 'allClients',
    apiKeys: 'allClients',
    tenants: 'allClients',
  },
};

/** The part of a signed-in person that permissions depend on. */
export interface Actor {
  id: number;
  role_code: string;
  client_id: number;
}

export function isRoleCode(value: string): value is RoleCode {
  return value in PERMISSIONS;
}

export function getMenusForRole(role: RoleCode): Menu[] {
  return [...PERMISSIONS[role].menus];
}

export function getRoleRank(role: RoleCode): number {
  return PERMISSIONS[role].rank;
}

function permissionsOf(actor: Actor): RolePermissions | null {
  return isRoleCode(actor.role_code) ? PERMISSIONS[actor.role_code] : null;
}

function scopeOf(reach: Reach | undefined, actor: Actor): ClientScope | null {
  if (reach === 'allClients') return { kind: 'allClients' };
  if (reach === 'ownClient') return { kind: 'ownClient', clientId: actor.client_id };
  return null;
}

/** The guard of every call behind a menu entry (see the contract's `menu`): 403 errors.forbidden without it. */
export function requireMenu(actor: Actor, menu: Menu): void {
  if (!permissionsOf(actor)?.menus.includes(menu)) throw forbidden();
}

/** The clients whose users this person may manage; null when user management is not theirs. */
export function getUserManagementScope(actor: Actor): ClientScope | null {
  return scopeOf(permissionsOf(actor)?.users, actor);
}

/**
 * Who may act for a client toward a regulator or a court (export the evidence of what a person
 * opened, place and release legal holds): those who manage users from ADMIN up (a client's
 * administrators and staff on their own client, super users on any), not customer service, which
 * answers people but does not speak for the client.
 */
export function requireComplianceScope(actor: Actor): ClientScope {
  const scope = requireUserManagementScope(actor);
  if ((permissionsOf(actor)?.rank ?? 0) < PERMISSIONS.ADMIN.rank) throw forbidden();
  return scope;
}

/** The guard of every user-management call: a role without it is refused with 403 errors.forbidden. */
export function requireUserManagementScope(actor: Actor): ClientScope {
  const scope = getUserManagementScope(actor);
  if (!scope) throw forbidden();
  return scope;
}

const REACH_WIDTH: Record<Reach, number> = { none: 0, ownClient: 1, allClients: 2 };
const REACHES = ['users', 'usageReports', 'apiKeys', 'tenants'] as const;

/**
 * Whether a person of role `given` could do nothing that one of role `giver` cannot: no higher
 * rank, no menu the giver lacks, and no surface reaching further. Given to a user of the giver's
 * own reach, such a role never carries anyone past the giver's own boundaries.
 */
function isWithinReachOf(given: RolePermissions, giver: RolePermissions): boolean {
  return (
    given.rank <= giver.rank &&
    given.menus.every((menu) => giver.menus.includes(menu)) &&
    REACHES.every((surface) => REACH_WIDTH[given[surface]] <= REACH_WIDTH[giver[surface]])
  );
}

/** The roles this person may see and give: those reaching no further than their own, lowest first. */
export function getAssignableRoles(actor: Actor): RoleCode[] {
  const own = permissionsOf(actor);
  if (!own) return [];
  return ROLE_CODES.filter((role) => isWithinReachOf(PERMISSIONS[role], own)).sort((a, b) => PERMISSIONS[a].rank - PERMISSIONS[b].rank);
}

export function requireAssignableRole(actor: Actor, role: RoleCode): void {
  if (!getAssignableRoles(actor).includes(role)) {
    throw new AppError(403, ERROR_KEYS.roleNotAllowed, 'You cannot give a role above your own.');
  }
}

/** Whether this person may see and change the target: a client in reach, and a rank not above their own. */
export function canManageUser(actor: Actor, target: { role_code: string; client_id: number }): boolean {
  const scope = getUserManagementScope(actor);
  if (!scope || !isClientInScope(scope, target.client_id) || !isRoleCode(target.role_code)) return false;
  return getAssignableRoles(actor).includes(target.role_code);
}

/** Whether this person may export usage spreadsheets at all (SUPER_USER, INTERNAL). */
export function canGenerateUsageReports(role: string): boolean {
  return isRoleCode(role) && PERMISSIONS[role].usageReports !== 'none';
}

/** The clients this person may export usage spreadsheets of: any (SUPER_USER), its own (INTERNAL), or none (null). */
export function getUsageReportClientScope(actor: Actor): ClientScope | null {
  return scopeOf(permissionsOf(actor)?.usageReports, actor);
}

/** The clients whose API keys this person may manage: any (SUPER_USER), its own (INTERNAL); others are refused 403. */
export function requireApiKeyScope(actor: Actor): ClientScope {
  const scope = scopeOf(permissionsOf(actor)?.apiKeys, actor);
  if (!scope) throw forbidden();
  return scope;
}

/** The clients whose tenant settings and audit log this person may read and change; others are refused 403. */
export function requireTenantScope(actor: Actor): ClientScope {
  const scope = scopeOf(permissionsOf(actor)?.tenants, actor);
  if (!scope) throw forbidden();
  return scope;
}

/** The guard of every call about one client's tenant settings: 403 errors.forbidden outside one's reach. */
export function requireTenantClient(actor: Actor, clientId: number): ClientScope {
  const scope = requireTenantScope(actor);
  if (!isClientInScope(scope, clientId)) throw forbidden();
  return scope;
}
