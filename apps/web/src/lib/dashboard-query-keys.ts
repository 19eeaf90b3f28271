const ROOT = ['dashboard'] as const;

/**
 * The root of the dashboard's queries and the key of its tiles, here so the console can refresh
 * the tiles after changing a type's image without reaching into the dashboard feature.
 */
export const DASHBOARD_QUERY_ROOT = ROOT;
export const dashboardReportsKey = () => [...ROOT, 'reports'] as const;
