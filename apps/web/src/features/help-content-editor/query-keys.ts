const ROOT = ['helpContentEditor'] as const;

/** The editor's query keys share one root, so that one invalidation refreshes them all after a change. */
export const helpContentKeys = {
  all: ROOT,
  clients: () => [...ROOT, 'clients'] as const,
  faqs: (clientId: number) => [...ROOT, 'faqs', clientId] as const,
  documents: (clientId: number) => [...ROOT, 'documents', clientId] as const,
};
