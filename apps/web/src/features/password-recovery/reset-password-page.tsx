import { useState } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { ERROR_KEYS } from '@portal/contract';
import { Navigate, useNavigate, useSearchParams } from '../../app/routing';
import { LoadingIndicator } from '../../components/loading-indicator';
import { NoticeDialog } from '../../components/notice-dialog';
import { PublicPageLayout } from '../../components/public-page-layout';
import { useTranslation } from '../../i18n/use-translation';
import type { LoginNoticeState } from '../../lib/login-notice';
import { ResetPasswordForm } from './reset-password-form';
import { useResetTokenCheck } from './use-reset-token-check';

const REFUSED_LINK: LoginNoticeState = { noticeKey: ERROR_KEYS.resetRequestInvalid };

/**
 * Spec section 2, "Reset password", reached from the e-mailed link (`#/resetPassword?token=…`).
 * No token, or one the server refuses, sends the visitor to sign in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const tokenCheck = useResetTokenCheck(token);
  const [isDoneDialogOpen, setDoneDialogOpen] = useState(false);

  if (!token) return <Navigate to="/login" replace />;
  if (tokenCheck.isError) return <Navigate to="/login" replace state={REFUSED_LINK} />;

  return (
    <PublicPageLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('resetPassword.title')}
        </Title>
        {tokenCheck.isSuccess && !tokenCheck.isFetching ? (
          <>
            <Text>{t('resetPassword.intro')}</Text>
            <ResetPasswordForm token={token} onDone={() => setDoneDialogOpen(true)} />
          </>
        ) : (
          <Center py="lg">
            <LoadingIndicator label={t('resetPassword.checking')} />
          </Center>
        )}
      </Stack>
      <NoticeDialog
        opened={isDoneDialogOpen}
        title={t('resetPassword.doneTitle')}
        text={t('resetPassword.doneText')}
        onConfirm={() => void navigate('/login', { replace: true })}
        testId="reset-password-done"
      />
    </PublicPageLayout>
  );
}
