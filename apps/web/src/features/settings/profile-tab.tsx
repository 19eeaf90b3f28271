import { Button, Center, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ResponseOf, endpoints } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { ProfileForm } from './profile-form';

interface ProfileTabProps {
  userInfo: UseQueryResult<ResponseOf<typeof endpoints.userInfo>>;
  banner: TimedMessageControl;
  onSaved: () => void;
}

/** The profile once loaded, else its loading or failure. */
export function ProfileTab({ userInfo, banner, onSaved }: ProfileTabProps) {
  const { t } = useTranslation();
  if (userInfo.data) {
    return <ProfileForm userInfo={userInfo.data.userInfo} banner={banner} onSaved={onSaved} />;
  }
  if (userInfo.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert>{describeError(userInfo.error)}</ErrorAlert>
        <Button variant="light" onClick={() => void userInfo.refetch()}>
          {t('settings.retry')}
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="lg">
      <LoadingIndicator label={t('settings.loading')} />
    </Center>
  );
}
