import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sessionEndpoints } from '@portal/contract';
import { useCloseButtonProps } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { afterMenuCloses } from '../../lib/after-menu-closes';
import { forgetSession } from '../../lib/forget-session';
import { forgetSessionExpired } from '../../lib/session-expiry-notice';

/** Opens the log-out confirmation; Yes ends the session and shows the sign-in page, No just closes. */
export function useConfirmLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closeButtonProps = useCloseButtonProps();

  const signOut = async () => {
    try {
      await callApi(sessionEndpoints.logout);
    } catch {
      // Signing out locally still matters when the server cannot be told.
    }
    forgetSession(queryClient);
    // Leaving on purpose: a notice left by an earlier lost session has nothing to say now.
    forgetSessionExpired();
    void navigate('/login', { replace: true });
  };

  return () =>
    afterMenuCloses(() =>
      modals.openConfirmModal({
        title: t('shell.logoutTitle'),
        children: <Text>{t('shell.logoutQuestion')}</Text>,
        labels: { confirm: t('shell.yes'), cancel: t('shell.no') },
        centered: true,
        closeButtonProps,
        onConfirm: () => void signOut(),
      }),
    );
}
