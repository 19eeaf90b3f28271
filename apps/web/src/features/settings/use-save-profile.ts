import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { getStoredUser, setStoredUser } from '../../lib/stored-user';
import type { ProfileValues } from './profile-values';
import { settingsKeys } from './query-keys';

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProfileValues) =>
      callApi(accountEndpoints.setUserInfo, {
        body: { ...values, Username: values.Username.trim(), FirstName: values.FirstName.trim(), LastName: values.LastName.trim() },
      }),
    onSuccess: async (_answer, values) => {
      // The avatar's initials and the welcome come from the stored user.
      const user = getStoredUser();
      if (user) setStoredUser({ ...user, firstname: values.FirstName.trim(), lastname: values.LastName.trim() });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.userInfo() });
    },
  });
}
