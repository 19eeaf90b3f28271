/** Role codes as stored and sent on the wire. */
export const ROLE_CODES = ['USER', 'SUPER_USER', 'ADMIN', 'CUSTOMER_SERVICE', 'INTERNAL'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/**
 * Menu entries the login answer may carry. apiKeys is the portal's own addition to the spec's two:
 * the spec's menus are a list of strings that a client acts on when it knows one, so it ignores it.
 */
export const MENUS = ['userManagement', 'reports', 'apiKeys'] as const;
export type Menu = (typeof MENUS)[number];
