/** Role codes as stored and sent on the wire. */
export const ROLE_CODES = ['USER', 'SUPER_USER', 'ADMIN', 'CUSTOMER_SERVICE', 'INTERNAL'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/**
 * Menu entries the login answer may carry. apiKeys and tenantConsole are the portal's own additions
 * to the spec's two: the spec's menus are a list of strings that a client acts on when it knows
 * one, so it ignores them.
 */
export const MENUS = ['userManagement', 'reports', 'apiKeys', 'tenantConsole'] as const;
export type Menu = (typeof MENUS)[number];
