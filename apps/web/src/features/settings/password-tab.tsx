import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, PASSWORD_MAX_LENGTH, PasswordSchema, SetNewPasswordRequestSchema } from '@portal/contract';
import { PasswordField } from '../../components/password-field';
import { describeError } from '../../i18n/error-message';
import { callApi } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { validateWith } from '../../lib/zod-validator';

interface PasswordValues {
  OldPassword: string;
  NewPassword: string;
  ConfPassword: string;
}

const EMPTY: PasswordValues = { OldPassword: '', NewPassword: '', ConfPassword: '' };

interface PasswordTabProps {
  banner: TimedMessageControl;
  /** Receives the confirmation text; the dialog decides where to show it. */
  onSaved: (text: string) => void;
}

/** Current, new and confirmation; the server also checks history, commonness and the old password. */
export function PasswordTab({ banner, onSaved }: PasswordTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      OldPassword: validateWith(SetNewPasswordRequestSchema.shape.OldPassword),
      NewPassword: validateWith(PasswordSchema),
      ConfPassword: (value, values) => (value === values.NewPassword ? null : 'validation.confirmationMismatch'),
    },
  });
  const save = useMutation({
    mutationFn: (values: PasswordValues) => callApi(endpoints.setNewPassword, { body: values }),
    onSuccess: () => {
      form.reset();
      onSaved(t('settings.password.saved'));
    },
    onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <PasswordField
          label={t('settings.password.current')}
          toggleLabel={t('settings.password.showCurrent')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.getInputProps('OldPassword')}
          error={errorText(form.errors.OldPassword)}
        />
        <PasswordField
          label={t('settings.password.new')}
          toggleLabel={t('settings.password.showNew')}
          description={t('password.rule')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.getInputProps('NewPassword')}
          error={errorText(form.errors.NewPassword)}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          toggleLabel={t('settings.password.showConfirm')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...form.getInputProps('ConfPassword')}
          error={errorText(form.errors.ConfPassword)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} loaderProps={{ 'aria-label': t('settings.saving') }}>
            {t('settings.password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
