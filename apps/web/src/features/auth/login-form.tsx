import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconClockExclamation } from '@tabler/icons-react';
import {
  ERROR_KEYS,
  LoginPasswordSchema,
  LoginUsernameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_UNLOCK_DELAY_MS,
  USERNAME_MAX_LENGTH,
} from '@portal/contract';
import { Link } from '../../app/routing';
import { ErrorAlert } from '../../components/error-alert';
import { PasswordField } from '../../components/password-field';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { useFieldProps } from '../../lib/use-field-props';
import { useSignIn, type Credentials } from '../../lib/use-sign-in';
import { validateWith } from '../../lib/zod-validator';
import { useLockedFieldTyping } from './use-locked-field-typing';
import { useUnlockAfter } from './use-unlock-after';

interface LoginFormProps {
  beforeSignIn: () => Promise<void>;
  /** Why the visitor was sent here (session expired, reset link refused); hidden once they try to sign in. */
  noticeKey?: string;
}

export function LoginForm({ beforeSignIn, noticeKey }: LoginFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  // Locked for a moment after opening so that browsers do not fill it in by themselves.
  const isPasswordUnlocked = useUnlockAfter(PASSWORD_UNLOCK_DELAY_MS);
  const signIn = useSignIn({ beforeSignIn });
  const isExpiry = noticeKey === ERROR_KEYS.sessionExpired;
  const form = useForm<Credentials>({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: { username: validateWith(LoginUsernameSchema), password: validateWith(LoginPasswordSchema) },
  });
  const fieldProps = useFieldProps(form);
  const lockedTyping = useLockedFieldTyping(!isPasswordUnlocked, form.values.password, (next) => form.setFieldValue('password', next));

  return (
    <form noValidate onSubmit={form.onSubmit((values) => signIn.mutate(values))}>
      <Stack gap="md">
        {noticeKey && signIn.isIdle && (
          <Alert
            color={isExpiry ? 'orange' : 'red'}
            variant="light"
            icon={isExpiry ? <IconClockExclamation aria-hidden /> : <IconAlertCircle aria-hidden />}
            data-testid="login-notice"
          >
            {errorText(noticeKey)}
          </Alert>
        )}
        {signIn.isError && <ErrorAlert testId="login-error">{describeError(signIn.error)}</ErrorAlert>}
        <TextInput label={t('auth.login.username')} autoComplete="username" maxLength={USERNAME_MAX_LENGTH} {...fieldProps('username')} />
        <PasswordField
          label={t('auth.login.password')}
          toggleLabel={t('auth.login.showPassword')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          // Read-only, not disabled: it stays in the tab order and keeps what is typed (see useLockedFieldTyping);
          // the notice is a placeholder, so nothing moves when it goes.
          readOnly={!isPasswordUnlocked}
          placeholder={isPasswordUnlocked ? undefined : t('auth.login.passwordUnlocking')}
          {...fieldProps('password')}
          {...lockedTyping}
        />
        <Anchor component={Link} to="/forgotPassword" size="sm">
          {t('auth.login.forgotPassword')}
        </Anchor>
        <Button
          type="submit"
          fullWidth
          loading={signIn.isPending}
          loaderProps={{ role: 'progressbar', 'aria-label': t('auth.login.submitting') }}
        >
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
