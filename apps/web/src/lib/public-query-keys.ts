const BRANDING = 'branding';
const DISPLAY_LOGIN = 'displayLogin';

/** Keys of the queries that describe the visitor's brand rather than the signed-in user. */
export const publicQueryKeys = {
  branding: (experienceCode: string | undefined) => [BRANDING, experienceCode ?? null] as const,
  displayLogin: (experienceCode: string | undefined) => [DISPLAY_LOGIN, experienceCode ?? null] as const,
};

/** The roots of those keys: a sign-out keeps these queries (see forget-session.ts). */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set([BRANDING, DISPLAY_LOGIN]);
