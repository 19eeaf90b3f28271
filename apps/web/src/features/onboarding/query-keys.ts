const ROOT = ['onboarding'] as const;

export const onboardingKeys = {
  reports: () => [...ROOT, 'reports'] as const,
};
