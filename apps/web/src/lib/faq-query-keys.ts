const ROOT = ['faq'] as const;

/** The FAQ page's lists; the console's help editor refreshes them after a change. */
export const faqKeys = {
  all: ROOT,
  questions: () => [...ROOT, 'questions'] as const,
  repository: () => [...ROOT, 'repository'] as const,
};
