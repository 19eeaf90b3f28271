import { useEffect, useRef } from 'react';
import { Anchor, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OneTimeCodeSchema, type LoggedInUser } from '@portal/contract';
import { Link } from '../../app/routing';
import { ErrorAlert } from '../../components/error-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { ResendCode } from '../../components/resend-code';
import { TimedBanner } from '../../components/timed-banner';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { validateWith } from '../../lib/zod-validator';
import { MfaChannelChoice } from './mfa-channel-choice';
import { useMfaResend } from './use-mfa-resend';
import { useMfaValidation } from './use-mfa-validation';
import { PasskeyChoice } from './passkey-choice';

/** The code form, the way to a new code (with its wait and channel), and the way back to sign-in. */
export function MfaChallenge({ user }: { user: LoggedInUser }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const codeInput = useRef<HTMLInputElement>(null);
  const resend = useMfaResend(user);
  const validation = useMfaValidation(user);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', trustDevice: false },
    validate: { code: validateWith(OneTimeCodeSchema) },
  });

  // The page exists for this one field.
  useEffect(() => codeInput.current?.focus(), []);

  const submit = form.onSubmit(({ code, trustDevice }) =>
    validation.mutate(
      { code, trustDevice: trustDevice && user.trustDeviceDays !== undefined },
      {
        onError: () => {
          form.setFieldValue('code', '');
          codeInput.current?.focus();
        },
      },
    ),
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('mfa.title')}
      </Title>
      <Text data-testid="mfa-target">{t('mfa.subtitle', { target: resend.target })}</Text>
      <TimedBanner message={resend.banner.message} onClose={resend.banner.clear} testId="mfa-resend-banner" />
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {validation.isError && <ErrorAlert testId="mfa-error">{describeError(validation.error)}</ErrorAlert>}
          <OneTimeCodeInput
            ref={codeInput}
            value={form.values.code}
            onChange={(code) => form.setFieldValue('code', code)}
            error={errorText(form.errors.code)}
          />
          {user.trustDeviceDays !== undefined && (
            <Checkbox
              label={t('mfa.trustDevice', { count: user.trustDeviceDays })}
              description={t('mfa.trustDeviceHint')}
              checked={form.values.trustDevice}
              onChange={(event) => form.setFieldValue('trustDevice', event.currentTarget.checked)}
            />
          )}
          <Button
            type="submit"
            fullWidth
            loading={validation.isPending}
            loaderProps={{ role: 'progressbar', 'aria-label': t('mfa.submitting') }}
          >
            {t('mfa.submit')}
          </Button>
        </Stack>
      </form>
      {user.passkeys && <PasskeyChoice trustDevice={form.values.trustDevice && user.trustDeviceDays !== undefined} />}
      {resend.canChooseChannel && <MfaChannelChoice value={resend.channel} onChange={resend.setChannel} />}
      <ResendCode
        countdown={resend.countdown}
        // The refusal was of the previous code, which the new one voids: it would contradict "a new code was sent".
        onResend={() => resend.resend.mutate(undefined, { onSuccess: () => validation.reset() })}
        isSending={resend.resend.isPending}
      />
      <Anchor component={Link} to="/login" size="sm">
        {t('mfa.backToLogin')}
      </Anchor>
    </Stack>
  );
}
