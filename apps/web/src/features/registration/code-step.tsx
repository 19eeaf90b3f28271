import { useEffect, useRef } from 'react';
import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { OneTimeCodeSchema } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { ResendCode } from '../../components/resend-code';
import { TimedBanner } from '../../components/timed-banner';
import { useTranslation } from '../../i18n/use-translation';
import { translateKey, useErrorText } from '../../lib/error-text';
import { validateWith } from '../../lib/zod-validator';
import { describeRegistrationError } from './use-registration-submit';
import type { RegistrationWizard } from './use-registration-wizard';
import { WizardButtons } from './wizard-buttons';

/** Step 2: the code sent to the e-mail address proves it belongs to the person registering. */
export function CodeStep({ wizard }: { wizard: RegistrationWizard }) {
  const { t } = useTranslation();
  const codeInput = useRef<HTMLInputElement>(null);
  const { submitCode, resend } = wizard;
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: wizard.code },
    validate: { code: validateWith(OneTimeCodeSchema) },
  });

  // Back here because the final step refused the code: the field to fix gets the focus.
  useEffect(() => {
    if (wizard.codeNotice) codeInput.current?.focus();
  }, [wizard.codeNotice]);

  const submit = form.onSubmit(({ code }) =>
    submitCode.mutate(code, {
      onError: () => {
        form.setFieldValue('code', '');
        codeInput.current?.focus();
      },
    }),
  );
  const fieldError = useErrorText();
  const errorText = submitCode.isError
    ? describeRegistrationError(submitCode.error)
    : wizard.codeNotice
      ? translateKey(wizard.codeNotice)
      : null;

  return (
    <Stack gap="md">
      <Text data-testid="registration-code-target">{t('registration.codeIntro', { email: wizard.info.email.trim() })}</Text>
      <TimedBanner message={wizard.resendBanner.message} onClose={wizard.resendBanner.clear} testId="registration-resend-banner" />
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {errorText && <ErrorAlert testId="registration-error">{errorText}</ErrorAlert>}
          <OneTimeCodeInput
            ref={codeInput}
            required
            value={form.values.code}
            onChange={(code) => form.setFieldValue('code', code)}
            error={fieldError(form.errors.code)}
          />
          <ResendCode countdown={wizard.countdown} onResend={() => resend.mutate()} isSending={resend.isPending} />
          <WizardButtons onPrevious={wizard.goBack} isPending={submitCode.isPending} />
        </Stack>
      </form>
    </Stack>
  );
}
