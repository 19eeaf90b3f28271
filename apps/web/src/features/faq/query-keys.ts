const ROOT = ['faq'] as const;

export const faqKeys = {
  questions: () => [...ROOT, 'questions'] as const,
  repository: () => [...ROOT, 'repository'] as const,
};
