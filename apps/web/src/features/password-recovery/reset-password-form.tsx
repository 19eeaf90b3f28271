import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { securityEndpoints, LoginUsernameSchema, PasswordSchema, USERNAME_MAX_LENGTH } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { NewPasswordField } from '../../components/new-password-field';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { validateConfirmationOf } from '../../lib/confirmation-rule';
import { useFieldProps } from '../../lib/use-field-props';
import { validateWith } from '../../lib/zod-validator';

interface ResetValues {
  username: string;
  password: string;
  confirmPassword: string;
}

/** Username (the server checks it matches the link), the new password and its confirmation. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ResetValues>({
    mode: 'controlled',
    initialValues: { username: '', password: '', confirmPassword: '' },
    validate: {
      username: validateWith(LoginUsernameSchema),
      password: validateWith(PasswordSchema),
      confirmPassword: validateConfirmationOf('password'),
    },
  });
  const fieldProps = useFieldProps(form);
  const reset = useMutation({
    mutationFn: (values: ResetValues) =>
      callApi(securityEndpoints.resetPassword, { body: { ...values, username: values.username.trim(), token } }),
    onSuccess: onDone,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => reset.mutate(values))}>
      <Stack gap="md">
        {reset.isError && <ErrorAlert testId="reset-password-error">{describeError(reset.error)}</ErrorAlert>}
        <TextInput
          label={t('resetPassword.username')}
          autoComplete="username"
          maxLength={USERNAME_MAX_LENGTH}
          {...fieldProps('username')}
        />
        <NewPasswordField
          label={t('resetPassword.newPassword')}
          toggleLabel={t('resetPassword.showNewPassword')}
          hasRule
          {...fieldProps('password')}
        />
        <NewPasswordField
          label={t('resetPassword.confirmPassword')}
          toggleLabel={t('resetPassword.showConfirmPassword')}
          {...fieldProps('confirmPassword')}
        />
        <Button
          type="submit"
          fullWidth
          loading={reset.isPending}
          loaderProps={{ role: 'progressbar', 'aria-label': t('resetPassword.submitting') }}
        >
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
