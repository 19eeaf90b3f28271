const ROOT = ['apiKeys'] as const;

/** The screen's query keys share one root, so that one invalidation refreshes them all after a change. */
export const apiKeyKeys = {
  all: ROOT,
  options: () => [...ROOT, 'options'] as const,
  list: (clientId: number | undefined) => [...ROOT, 'list', clientId ?? 'all'] as const,
};
