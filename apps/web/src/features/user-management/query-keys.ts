import type { BodyOf, endpoints } from '@portal/contract';

const ROOT = ['userManagement'] as const;

/** The screen's query keys share one root, so that one invalidation refreshes them all after a change. */
export const userManagementKeys = {
  all: ROOT,
  dataLists: () => [...ROOT, 'dataLists'] as const,
  users: (request: BodyOf<typeof endpoints.listManagedUsers>) => [...ROOT, 'users', request] as const,
  user: (userId: number) => [...ROOT, 'user', userId] as const,
  sessions: (userId: number) => [...ROOT, 'sessions', userId] as const,
  /** What a USER would see with the access being edited: the draft is part of the key. */
  accessPreview: (userId: number, draft: unknown) => [...ROOT, 'accessPreview', userId, draft] as const,
};
