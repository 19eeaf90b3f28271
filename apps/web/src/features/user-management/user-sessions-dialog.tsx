import { Center, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userManagementEndpoints, type ManagedUser } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { SessionCard } from '../../components/session-card';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { useIsMobile } from '../../lib/use-is-mobile';
import { fullNameOf } from './display-names';
import { userManagementKeys } from './query-keys';

/** Where a managed user is signed in, with a way to sign them out everywhere (a lost phone, a shared computer). */
export function UserSessionsDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const userId = user?.Id ?? 0;
  const sessions = useQuery({
    queryKey: userManagementKeys.sessions(userId),
    queryFn: ({ signal }) => callApi(userManagementEndpoints.listUserSessions, { params: { id: userId }, signal }),
    enabled: user !== null,
    staleTime: 0,
  });
  const endAll = useMutation({
    mutationFn: () => callApi(userManagementEndpoints.endUserSessions, { params: { id: userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userManagementKeys.sessions(userId) }),
  });
  const close = () => {
    endAll.reset();
    onClose();
  };
  const name = user ? fullNameOf(user) : '';

  return (
    <Dialog opened={user !== null} onClose={close} title={t('userManagement.sessions.title', { name })} size="lg" fullScreen={isMobile}>
      <Stack gap="md">
        {endAll.isSuccess && (
          <Text role="status" data-testid="user-sessions-ended">
            {t('userManagement.sessions.ended', { count: endAll.data.data.ended, name })}
          </Text>
        )}
        {endAll.isError && <ErrorAlert>{describeError(endAll.error)}</ErrorAlert>}
        {sessions.isError && <ErrorAlert>{describeError(sessions.error)}</ErrorAlert>}
        {!sessions.data && !sessions.isError && (
          <Center py="lg">
            <LoadingIndicator label={t('settings.sessions.loading')} />
          </Center>
        )}
        {sessions.data &&
          (sessions.data.data.length === 0 ? (
            <Text>{t('userManagement.sessions.none', { name })}</Text>
          ) : (
            <>
              <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="user-sessions">
                {sessions.data.data.map((session) => (
                  <SessionCard key={session.id} session={session} />
                ))}
              </Stack>
              <Group>
                <DangerButton variant="light" loading={endAll.isPending} onClick={() => endAll.mutate()}>
                  {t('userManagement.sessions.endAll')}
                </DangerButton>
              </Group>
            </>
          ))}
      </Stack>
    </Dialog>
  );
}
