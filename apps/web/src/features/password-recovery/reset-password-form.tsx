import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, LoginUsernameSchema, PASSWORD_MAX_LENGTH, PasswordSchema, USERNAME_MAX_LENGTH } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { PasswordField } from '../../components/password-field';
import { describeError } from '../../i18n/error-message';
import { callApi } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { validateWith } from '../../lib/zod-validator';

interface ResetValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Username (the server checks it matches the link), the new password and its confirmation. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: {
      username: validateWith(LoginUsernameSchema),
      password: validateWith(PasswordSchema),
      confirmPassword: (value, values) => (value === values.password ? null : 'validation.confirmationMismatch'),
    },
  });
  const reset = useMutation({
    mutationFn: (values: ResetValues) =>
      callApi(endpoints.resetPassword, { body: { ...values, username: values.username.trim(), token } }),
    onSuccess: onDone,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => reset.mutate(values))}>
      <Stack gap="md">
        {reset.isError && (
          <ErrorAlert testId="reset-password-error">{describeError(reset.error)}</ErrorAlert>
        )}
        <TextInput
          label={t('resetPassword.username')}
          autoComplete="username"
          maxLength={USERNAME_MAX_LENGTH}
          {...form.getInputProps('username')}
          error={errorText(form.errors.username)}
        />
        <PasswordField
          label={t('resetPassword.newPassword')}
          toggleLabel={t('resetPassword.showNewPassword')}
          description={t('password.rule')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.getInputProps('password')}
          error={errorText(form.errors.password)}
        />
        <PasswordField
          label={t('resetPassword.confirmPassword')}
          toggleLabel={t('resetPassword.showConfirmPassword')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.getInputProps('confirmPassword')}
          error={errorText(form.errors.confirmPassword)}
        />
        <Button type="submit" fullWidth loading={reset.isPending} loaderProps={{ 'aria-label': t('resetPassword.submitting') }}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
