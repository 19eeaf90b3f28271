import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountStatusQuery } from './settings-queries';

export type PasswordRequirement = 'mustSet' | 'expired';

/**
 * Startup after login (spec section 4): whether the user must choose a password before
 * anything else, because none was ever set or the current one has expired.
 */
export function usePasswordRequirement() {
  const queryClient = useQueryClient();
  const status = useQuery(accountStatusQuery());
  const flags = status.data?.accountStatus;
  const requirement: PasswordRequirement | null = flags?.MustSetPassword ? 'mustSet' : flags?.PasswordExpired ? 'expired' : null;

  return {
    requirement,
    /** Settled one way or the other, so the profile may be fetched next. */
    isKnown: status.isSuccess || status.isError,
    /** The server accepted a new password: the requirement is met. */
    markMet: () =>
      queryClient.setQueryData(accountStatusQuery().queryKey, {
        success: true as const,
        accountStatus: { MustSetPassword: false, PasswordExpired: false },
      }),
  };
}
