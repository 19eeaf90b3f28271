import { useQuery } from '@tanstack/react-query';
import { securityEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { passwordRecoveryKeys } from './query-keys';

/** Whether the reset link's token is still good; asked once per token, never retried (the answer would not change). */
export function useResetTokenCheck(token: string | null) {
  return useQuery({
    queryKey: passwordRecoveryKeys.resetToken(token),
    queryFn: ({ signal }) => callApi(securityEndpoints.validateToken, { body: { token: token ?? '' }, signal }),
    enabled: token !== null && token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
