export const passwordRecoveryKeys = {
  resetToken: (token: string | null) => ['resetToken', token] as const,
};
