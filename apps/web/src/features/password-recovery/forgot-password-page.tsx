import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { securityEndpoints, LoginUsernameSchema, USERNAME_MAX_LENGTH } from '@portal/contract';
import { Link, useNavigate } from '../../app/routing';
import { ErrorAlert } from '../../components/error-alert';
import { NoticeDialog } from '../../components/notice-dialog';
import { PublicPageLayout } from '../../components/public-page-layout';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { useEndSessionOnVisit } from '../../lib/use-end-session-on-visit';
import { useFieldProps } from '../../lib/use-field-props';
import { validateWith } from '../../lib/zod-validator';
import { useExperienceCode } from '../../theme/experience-code';

/**
 * Spec section 2, "Forgot password". The answer is the same whether the account exists or
 * not, so the confirmation says "if".
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const experienceCode = useExperienceCode();
  const waitForSignOut = useEndSessionOnVisit();
  const [isSentDialogOpen, setSentDialogOpen] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '' },
    validate: { username: validateWith(LoginUsernameSchema) },
  });
  const fieldProps = useFieldProps(form);
  const request = useMutation({
    mutationFn: async (username: string) => {
      // A late logout answer must not race the request.
      await waitForSignOut();
      return callApi(securityEndpoints.forgotPassword, { body: { userName: username.trim(), exp: experienceCode } });
    },
    onSuccess: () => setSentDialogOpen(true),
  });

  return (
    <PublicPageLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('forgotPassword.title')}
        </Title>
        <Text>{t('forgotPassword.intro')}</Text>
        <form noValidate onSubmit={form.onSubmit(({ username }) => request.mutate(username))}>
          <Stack gap="md">
            {request.isError && <ErrorAlert testId="forgot-password-error">{describeError(request.error)}</ErrorAlert>}
            <TextInput
              label={t('forgotPassword.username')}
              autoComplete="username"
              maxLength={USERNAME_MAX_LENGTH}
              {...fieldProps('username')}
            />
            <Button
              type="submit"
              fullWidth
              loading={request.isPending}
              loaderProps={{ role: 'progressbar', 'aria-label': t('forgotPassword.sending') }}
            >
              {t('forgotPassword.submit')}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to="/login" size="sm">
          {t('forgotPassword.backToLogin')}
        </Anchor>
      </Stack>
      <NoticeDialog
        opened={isSentDialogOpen}
        title={t('forgotPassword.sentTitle')}
        text={t('forgotPassword.sentText')}
        onConfirm={() => void navigate('/login', { replace: true })}
        testId="forgot-password-sent"
      />
    </PublicPageLayout>
  );
}
