import type { QueryClient } from '@tanstack/react-query';
import { clearStoredUser } from './stored-user';

/** Queries that describe the visitor's brand rather than the signed-in user; they survive a sign-out. */
const PUBLIC_QUERY_ROOTS = new Set(['branding', 'displayLogin']);

/** Forgets everything this browser knew about the signed-in user. */
export function forgetSession(queryClient: QueryClient): void {
  clearStoredUser();
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) });
}
