import { useQuery } from '@tanstack/react-query';
import { securityEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { passwordRecoveryKeys } from './query-keys';

/**
 * Whether the reset link's token is still good: asked each time the page opens (a link used a
 * moment ago, opened again in the same tab, must be refused, not answered from an earlier check),
 * never retried (the answer would not change).
 */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: passwordRecoveryKeys.resetToken(token),
    queryFn: ({ signal }) => callApi(securityEndpoints.validateToken, { body: { token: token ?? '' }, signal }),
    enabled: token !== null && token !== '',
    retry: false,
    refetchOnMount: 'always',
    staleTime: Infinity,
    gcTime: 0,
  });
}
