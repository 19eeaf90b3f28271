const ROOT = ['legalHolds'] as const;

/** The screen's query keys share one root, so that one invalidation refreshes them all after a change. */
export const legalHoldKeys = {
  all: ROOT,
  options: () => [...ROOT, 'options'] as const,
  list: (clientId: number | undefined) => [...ROOT, 'list', clientId ?? 'all'] as const,
};
