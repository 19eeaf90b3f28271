import type { QueryClient } from '@tanstack/react-query';
import { PUBLIC_QUERY_ROOTS } from './public-query-keys';
import { forgetSessionMemory } from './session-memory';
import { clearStoredUser } from './stored-user';

/** Forgets everything this browser knew about the signed-in user. */
export function forgetSession(queryClient: QueryClient): void {
  clearStoredUser();
  forgetSessionMemory();
  queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) });
}
