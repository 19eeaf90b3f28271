import { useRef } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EMAIL_INPUT_MAX_LENGTH,
  EmailSchema,
  NAME_INPUT_MAX_LENGTH,
  PasswordSchema,
  PersonNameSchema,
  USERNAME_MAX_LENGTH,
  UsernameSchema,
} from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { NewPasswordField } from '../../components/new-password-field';
import { useTranslation } from '../../i18n/use-translation';
import { validateConfirmationOf } from '../../lib/confirmation-rule';
import { readFieldIssues } from '../../lib/field-issues';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useFieldProps } from '../../lib/use-field-props';
import { validateWith } from '../../lib/zod-validator';
import { describeRegistrationError } from './use-registration-submit';
import { USER_INFORMATION_FIELDS, type UserInformation } from './registration-model';
import type { RegistrationWizard } from './use-registration-wizard';

/** Step 1: names, e-mail, username and password, checked here with the contract's rules, then by the server. */
export function UserInfoStep({ wizard }: { wizard: RegistrationWizard }) {
  const { t } = useTranslation();
  const { submitInfo } = wizard;
  const formElement = useRef<HTMLFormElement>(null);
  const form = useForm<UserInformation>({
    mode: 'controlled',
    initialValues: wizard.info,
    validate: {
      firstName: validateWith(PersonNameSchema),
      lastName: validateWith(PersonNameSchema),
      email: validateWith(EmailSchema),
      userName: validateWith(UsernameSchema),
      password: validateWith(PasswordSchema),
      confirmPassword: validateConfirmationOf('password'),
    },
  });
  const fieldProps = useFieldProps(form);

  const submit = form.onSubmit(
    (values) =>
      submitInfo.mutate(values, {
        // The server names each refused field (username taken, password too common...): show it there.
        onError: (error) => {
          form.setErrors(readFieldIssues(error, USER_INFORMATION_FIELDS));
          focusFirstInvalid(formElement.current);
        },
      }),
    () => focusFirstInvalid(formElement.current),
  );
  const hasFieldIssues = Object.keys(readFieldIssues(submitInfo.error, USER_INFORMATION_FIELDS)).length > 0;

  return (
    <form noValidate onSubmit={submit} ref={formElement}>
      <Stack gap="md">
        {submitInfo.isError && !hasFieldIssues && (
          <ErrorAlert testId="registration-error">{describeRegistrationError(submitInfo.error)}</ErrorAlert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('registration.firstName')}
            autoComplete="given-name"
            maxLength={NAME_INPUT_MAX_LENGTH}
            required
            {...fieldProps('firstName')}
          />
          <TextInput
            label={t('registration.lastName')}
            autoComplete="family-name"
            maxLength={NAME_INPUT_MAX_LENGTH}
            required
            {...fieldProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('registration.email')}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_INPUT_MAX_LENGTH}
          required
          {...fieldProps('email')}
        />
        <TextInput
          label={t('registration.userName')}
          autoComplete="username"
          maxLength={USERNAME_MAX_LENGTH}
          required
          {...fieldProps('userName')}
        />
        <NewPasswordField
          label={t('registration.password')}
          toggleLabel={t('registration.showPassword')}
          hasRule
          required
          {...fieldProps('password')}
        />
        <NewPasswordField
          label={t('registration.confirmPassword')}
          toggleLabel={t('registration.showConfirmPassword')}
          required
          {...fieldProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={submitInfo.isPending}
            loaderProps={{ role: 'progressbar', 'aria-label': t('registration.checking') }}
          >
            {t('registration.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
