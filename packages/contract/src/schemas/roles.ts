/** Role codes as stored and sent on the wire. */
export const ROLE_CODES = ['USER', 'SUPER_USER', 'ADMIN', 'CUSTOMER_SERVICE', 'INTERNAL'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Menu entries the login answer may carry. */
export const MENUS = ['userManagement', 'reports'] as const;
export type Menu = (typeof MENUS)[number];
